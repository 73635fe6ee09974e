import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, confirmCancellation, fetchCancellation } from '../api';
import { addTexts, t } from '../i18n';
import { formatDate, formatTime } from '../logic/format';
import { Ticket } from './ResultView';

/** This page's texts (keys 'cancel.*'), split from the same catalog files by the build (vite.config.ts). */
export const loadCancelTexts = () =>
  addTexts({
    es: () => import('../i18n/es.json?cancel'),
    ca: () => import('../i18n/ca.json?cancel'),
    eu: () => import('../i18n/eu.json?cancel'),
    gl: () => import('../i18n/gl.json?cancel'),
    en: () => import('../i18n/en.json?cancel'),
  });

const problem = (e: unknown) => (e instanceof ApiError ? e.payload.message : '') || t('common.unexpectedRetry');

/** /cancel?token=…: the page the cancellation e-mail links to. Shows what the link cancels, asks to confirm,
 * then confirms. The link works once: afterwards the server answers 410 and the page says so. */
export function CancelPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const preview = useQuery({
    queryKey: ['cancellation', token],
    queryFn: () => fetchCancellation(token),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
  // One click, one answer: a second click (or a double click) before the button re-renders disabled would get
  // the link's 410 after the first one's 200.
  const sent = useRef(false);
  const cancel = useMutation({
    mutationFn: () => confirmCancellation(token),
    onSettled: () => {
      sent.current = false;
    },
  });
  const heading = useRef<HTMLHeadingElement>(null);

  // Each outcome moves the focus to its heading, so keyboard and screen-reader users land on the news.
  useEffect(() => heading.current?.focus(), [cancel.status, preview.status]);
  // The tab's title is the state's heading, in the page's language (while loading, the page's name).
  useEffect(() => {
    document.title = heading.current?.textContent || t('cancel.title');
  });

  let body;
  if (!token) {
    body = (
      <>
        <h1 tabIndex={-1} ref={heading}>
          {t('cancel.invalidTitle')}
        </h1>
        <p>{t('cancel.noToken')}</p>
      </>
    );
  } else if (preview.isPending) {
    body = <p role="status">{t('cancel.loading')}</p>;
  } else if (preview.isError) {
    body = (
      <>
        <h1 tabIndex={-1} ref={heading}>
          {t('cancel.cannot')}
        </h1>
        <p className="error-box" role="alert">
          {problem(preview.error)}
        </p>
      </>
    );
  } else if (cancel.isSuccess) {
    body = (
      <div role="status">
        <h1 tabIndex={-1} ref={heading}>
          {t('cancel.doneTitle')}
        </h1>
        <p>{t(preview.data.queued ? 'cancel.doneQueued' : 'cancel.done', { title: preview.data.eventTitle })}</p>
      </div>
    );
  } else {
    const p = preview.data;
    const when = p.isAllDay
      ? `${formatDate(p.startDate)} ${t('card.allDay')}`
      : t('cancel.when', { date: formatDate(p.startDate), start: formatTime(p.startTime), end: formatTime(p.endTime) });
    body = (
      <>
        <h1 tabIndex={-1} ref={heading}>
          {t('cancel.title')}
        </h1>
        <p>{t('cancel.intro', { queued: p.queued ? 'yes' : 'no', name: p.firstName })}</p>
        <dl className="facts">
          <dt>{t('cancel.event')}</dt>
          <dd>{p.eventTitle}</dd>
          <dt>{t('cancel.date')}</dt>
          <dd>{when}</dd>
          {p.queued && p.queuePosition !== null && (
            <>
              <dt>{t('cancel.waitingList')}</dt>
              <dd>{t('cancel.position', { position: p.queuePosition })}</dd>
            </>
          )}
        </dl>
        {p.ticketCode && (
          <section className="ticket-box" aria-labelledby="ticket-heading">
            <h2 id="ticket-heading">{t('cancel.ticket')}</h2>
            <p>{t('cancel.ticketHelp')}</p>
            <Ticket code={p.ticketCode} who={p.firstName} />
          </section>
        )}
        <p>{t('cancel.irreversible')}</p>
        {cancel.isError && (
          <p className="error-box" role="alert">
            {problem(cancel.error)}
          </p>
        )}
        <button
          type="button"
          className="primary danger"
          disabled={cancel.isPending}
          onClick={() => {
            if (sent.current) return;
            sent.current = true;
            cancel.mutate();
          }}
        >
          {t(cancel.isPending ? 'cancel.cancelling' : 'cancel.confirm')}
        </button>
      </>
    );
  }

  return (
    <main className="page">
      <section className="card card-body cancel">{body}</section>
    </main>
  );
}
