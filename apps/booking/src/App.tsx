import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegistrationRequest, Session } from '@evreg/contracts';
import { ApiError, createHold, expireHold, fetchEvent, fetchSessions, register, type ApiFailure } from './api';
import { serverNow } from './clock';
import {
  getToken,
  HOLD,
  lastSelection,
  readConfirmation,
  readDraft,
  readHold,
  selectSession,
  updateHold,
  writeConfirmation,
  writeDraft,
  writeHold,
  type Confirmation,
  type HoldRecord,
} from './storage';
import { EventCard } from './components/EventCard';
import { SessionSelect } from './components/SessionSelect';
import { Countdown } from './components/Countdown';
import { RegistrationForm } from './components/RegistrationForm';
import { ResultView } from './components/ResultView';
import { hasStarted, hasWaitingList, isBookable, isDisabled, isFull } from './logic/format';
import { forcedSingle as fitsOnlyOne } from './logic/form-rules';
import { t } from './i18n';

const STALE = 60_000; // docs/product.md §9: kept for 60 seconds
/** The dates' figures are asked again this often while the tab is shown, so a date others fill stops being offered
 * (the public read is micro-cached: an open page costs the server little). */
const SESSIONS_POLL = 20_000;
/** How long another tab's registration in flight keeps this tab from releasing the shared hold at zero. */
const BUSY_MS = 60_000;

/** Query string: eventId, attendees (2 means two; a value of 1 is removed from the address). */
function readParams(): { eventId: number | null; attendees: 1 | 2 } {
  const url = new URL(window.location.href);
  const raw = url.searchParams.get('attendees');
  if (raw === '1') {
    url.searchParams.delete('attendees');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  const id = Number(url.searchParams.get('eventId'));
  return { eventId: Number.isInteger(id) && id > 0 ? id : null, attendees: raw === '2' ? 2 : 1 };
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

interface Submission {
  regs: RegistrationRequest[];
  names: string[];
  token: string;
  session: Session;
}

export function App() {
  const [{ eventId, attendees }] = useState(readParams);
  const qc = useQueryClient();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [hold, setHold] = useState<HoldRecord | null>(null);
  const [holdLoading, setHoldLoading] = useState(false);
  const [holdError, setHoldError] = useState('');
  /** The hold was refused (the server's words): the figures are fetched again and say what is possible now. */
  const [refused, setRefused] = useState('');
  const [checking, setChecking] = useState(false);
  const [expired, setExpired] = useState(false);
  /** Another tab of this browser completed the booking, or moved the hold to another event. */
  const [elsewhere, setElsewhere] = useState<'booked' | 'moved' | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(() =>
    eventId === null ? null : readConfirmation(eventId),
  );
  const [formKey, setFormKey] = useState(0);
  // The server's clock, every 15 s: a page left open stops offering a session that has started meanwhile.
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const id = window.setInterval(() => setNow(serverNow()), 15_000);
    return () => window.clearInterval(id);
  }, []);

  const holdSeq = useRef(0);
  /** Releases and holds run one after another, so a release never overtakes the hold it is meant to undo. */
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  /** One submit, one answer: set synchronously, before React re-renders the button as disabled. */
  const inFlight = useRef(false);
  /** Zero was reached while the registration was in flight: its answer decides. */
  const expiryPending = useRef(false);

  const eventQ = useQuery({
    queryKey: ['event', eventId],
    queryFn: () => fetchEvent(eventId!),
    enabled: eventId !== null,
    staleTime: STALE,
    retry: false,
  });
  const sessionsQ = useQuery({
    queryKey: ['sessions', eventId],
    queryFn: () => fetchSessions(eventId!, getToken()),
    enabled: eventId !== null,
    staleTime: STALE,
    refetchInterval: confirmation ? false : SESSIONS_POLL,
    retry: false,
  });
  const refreshSessions = () =>
    qc
      .fetchQuery({
        queryKey: ['sessions', eventId],
        queryFn: () => fetchSessions(eventId!, getToken(), true),
        staleTime: 0,
      })
      .catch(() => undefined);

  const endHold = (token: string) => {
    void expireHold(token);
    updateHold(token, { ended: 'expired', busy: undefined });
    setExpired(true);
  };

  const reg = useMutation({
    mutationFn: ({ regs, token }: Submission) =>
      register(regs[0].eventSessionId, regs, token).catch((e: unknown) => {
        throw e instanceof ApiError ? e : new ApiError({ message: t('api.registerFailed') });
      }),
    onSuccess: (response, v) => {
      const done = { response, names: v.names, emails: v.regs.map((r) => r.email), session: v.session };
      writeConfirmation(eventId!, done);
      writeDraft(eventId!, null);
      updateHold(v.token, { ended: 'booked', busy: undefined });
      setConfirmation(done);
      setHold(null);
      void qc.invalidateQueries({ queryKey: ['sessions', eventId] });
    },
    onError: (_e, v) => {
      updateHold(v.token, { busy: undefined });
      if (expiryPending.current) endHold(v.token);
    },
    onSettled: () => {
      inFlight.current = false;
      expiryPending.current = false;
    },
  });

  const sessions = sessionsQ.data ?? [];
  const session = sessions.find((s) => s.id === selectedId) ?? null;
  const event = eventQ.data;

  // The tab's title in the page's language, for each state (a tab left open says what it holds).
  useEffect(() => {
    document.title = event
      ? confirmation
        ? `${t('result.title')} · ${event.title}`
        : t('page.title', { title: event.title })
      : t(eventQ.isPending && eventId !== null ? 'page.registrationRegion' : 'page.errorTitle');
  });

  /** Chooses a session: `own` is the visitor's click (a fresh token, the typed data cleared as the spec says);
   * otherwise the page's own choice on load, which resumes the stored hold (same token, same deadline). */
  const choose = (s: Session, own: boolean) => {
    if (eventId === null) return;
    const previous = getToken();
    const last = lastSelection();
    const token =
      !own && previous && last.eventId === eventId && last.sessionId === s.id ? previous : selectSession(eventId, s.id);
    // One hold per visitor: the previous token's is released at once (before the new one is asked for).
    const release = previous && previous !== token ? previous : '';
    setSelectedId(s.id);
    reg.reset();
    setHold(null);
    setHoldError('');
    setRefused('');
    setExpired(false);
    setElsewhere(null);
    if (own) {
      writeDraft(eventId, null);
      setFormKey((k) => k + 1);
    }
    const seq = ++holdSeq.current;
    const record: HoldRecord = { eventId, sessionId: s.id, token, spots: 0, expiresAt: null };
    // Other tabs follow the date now, and the countdown once the hold is granted (a resumed hold keeps its record).
    const stored = readHold();
    if (!(stored && stored.token === token && stored.sessionId === s.id && stored.expiresAt && !stored.ended))
      writeHold(record);
    const wanted = isBookable(s, serverNow()) && event?.status === 'Live';
    setHoldLoading(wanted);
    chain.current = chain.current.then(async () => {
      if (release) await expireHold(release);
      if (!wanted || seq !== holdSeq.current) return;
      try {
        const h = await createHold(s.id, token, Math.min(attendees, s.availableSpots));
        if (seq !== holdSeq.current) return;
        if (!h.success || !h.expiresAt) throw new ApiError({ message: h.message });
        const held = { ...record, spots: h.numberOfSpots ?? 0, expiresAt: h.expiresAt };
        writeHold(held);
        setHold(held);
      } catch (e) {
        if (seq !== holdSeq.current) return;
        const payload = e instanceof ApiError ? e.payload : null;
        if (e instanceof ApiError && (e.status === 409 || e.status === 404)) {
          // Refused (the last seat went, the session started or closed): the figures as they are now say what
          // the visitor can do.
          setRefused(payload?.message || t('hold.refusedDefault'));
          setChecking(true);
          await refreshSessions();
          setChecking(false);
        } else setHoldError(t('hold.error', { reason: payload?.message || t('common.unexpected') }));
      } finally {
        if (seq === holdSeq.current) setHoldLoading(false);
      }
    });
  };

  // Tabs of this browser share one hold (storage.ts): each follows what the others do.
  const latest = useRef({ selectedId, hold, confirmation });
  useEffect(() => {
    latest.current = { selectedId, hold, confirmation };
  });
  useEffect(() => {
    if (eventId === null) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key !== HOLD || inFlight.current || latest.current.confirmation) return;
      const rec = readHold(e.newValue ?? '');
      const mine = latest.current.hold;
      if (!rec) return;
      if (rec.eventId !== eventId) {
        if (mine) {
          setHold(null);
          setElsewhere('moved');
        }
      } else if (rec.ended === 'booked') {
        setHold(null);
        setElsewhere('booked');
      } else if (rec.ended === 'expired') {
        if (mine?.token === rec.token) setExpired(true);
      } else if (rec.sessionId !== latest.current.selectedId || rec.expiresAt !== (mine?.expiresAt ?? null)) {
        // Another tab chose another date (or its hold was granted): show that date with the same countdown.
        holdSeq.current++;
        setSelectedId(rec.sessionId);
        setHold(rec.expiresAt ? rec : null);
        setHoldLoading(false);
        setHoldError('');
        setRefused('');
        setExpired(false);
        setElsewhere(null);
        reg.reset();
        void qc.invalidateQueries({ queryKey: ['sessions', eventId] });
      } else if (!rec.busy && mine && expiryPending.current) {
        // Another tab's registration failed after zero: the hold ends now.
        expiryPending.current = false;
        endHold(mine.token);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId]);

  const onExpire = () => {
    const mine = latest.current.hold;
    if (!mine) return;
    const rec = readHold();
    // This tab's registration, or another tab's, is in flight: its answer decides, the view stays.
    if (inFlight.current || (rec?.token === mine.token && rec.busy && Date.now() - rec.busy < BUSY_MS)) {
      expiryPending.current = true;
      return;
    }
    endHold(mine.token);
  };

  // Once loaded, with nothing selected: the date this visitor had chosen (after a refresh, or in another tab), else
  // the first bookable one (not started, open, with free places), else the only date offered (its waiting list).
  // Only on load: a date freed while the page stays open is shown, never held for a visitor who isn't looking.
  const picked = useRef(false);
  useEffect(() => {
    if (picked.current || selectedId !== null || confirmation || !event || !sessionsQ.data) return;
    picked.current = true;
    const t = serverNow();
    const rec = readHold();
    const last = lastSelection();
    const wanted = rec && rec.eventId === eventId ? rec.sessionId : last.eventId === eventId ? last.sessionId : null;
    const offered = sessionsQ.data.filter((s) => !isDisabled(s, t));
    const first =
      offered.find((s) => s.id === wanted) ??
      offered.find((s) => isBookable(s, t)) ??
      (offered.length === 1 ? offered[0] : undefined);
    // Choosing starts the hold (a request): an effect of the sessions arriving, not something to derive in render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (first) choose(first, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [event, sessionsQ.data, selectedId, confirmation]);

  if (eventId === null)
    return (
      <Shell>
        <p className="notice">{t('page.eventMissing')}</p>
      </Shell>
    );
  if (eventQ.isPending)
    return (
      <Shell>
        <p className="notice" role="status">
          {t('page.loadingEvent')}
        </p>
      </Shell>
    );
  if (eventQ.isError)
    return (
      <Shell>
        <p className="error-box" role="alert">
          {t('page.loadError', { reason: message(eventQ.error) })}
        </p>
      </Shell>
    );
  if (!event)
    return (
      <Shell>
        <p className="notice">{t('page.eventMissing')}</p>
      </Shell>
    );

  // Stable per failure (the payload object), so the form maps it to fields once.
  const regError: ApiFailure | null = reg.error instanceof ApiError ? reg.error.payload : null;
  const forcedSingle = !!session && fitsOnlyOne(session, attendees);
  const people: 1 | 2 = forcedSingle ? 1 : attendees;
  const otherDate = sessions.some((s) => s.id !== selectedId && !isDisabled(s, now));

  let refusal = '';
  if (refused && session && !checking) {
    const other = otherDate ? 'yes' : 'no';
    if (hasStarted(session, now)) refusal = t('refusal.started', { other });
    else if (hasWaitingList(session)) refusal = t('refusal.waitingList', { other });
    else if (isFull(session) || !session.isRegistrationOpen) refusal = t('refusal.full', { other });
    else refusal = t('refusal.retry', { reason: refused.replace(/\.$/, ''), other });
  }
  const retry = (!!holdError || (!!refusal && !!session && isBookable(session, now))) && (
    <button type="button" className="link" onClick={() => session && choose(session, false)}>
      {t('common.retry')}
    </button>
  );

  let form;
  if (confirmation)
    form = (
      <ResultView
        {...confirmation}
        event={event}
        onAnother={() => {
          writeConfirmation(eventId, null);
          window.location.reload();
        }}
      />
    );
  else if (elsewhere)
    form = (
      <div className="state" role="status">
        <p>{t(elsewhere === 'booked' ? 'tabs.booked' : 'tabs.moved')}</p>
        <p className="small">{t('tabs.reload')}</p>
      </div>
    );
  else if (!session && sessions.length && sessions.every((s) => !s.isRegistrationOpen || hasStarted(s, now)))
    form = <p className="state">{t('state.closed')}</p>;
  else if (!session && sessions.length && sessions.every((s) => isDisabled(s, now)))
    form = <p className="state">{t('state.full')}</p>;
  else if (!session) form = <p className="state">{t('state.pickDate')}</p>;
  else if (event.status !== 'Live') form = <p className="state">{t('state.notLive')}</p>;
  else if (checking)
    form = (
      <p className="state" role="status">
        {t('state.checking')}
      </p>
    );
  else if (expired)
    form = (
      <div className="state" role="alert">
        <p>{t('state.expired')}</p>
        <p className="small">{t('state.expiredHelp')}</p>
      </div>
    );
  else if (hasStarted(session, now)) form = <p className="state">{t('state.startedPickOther')}</p>;
  else if (!session.isRegistrationOpen) form = <p className="state">{t('state.closed')}</p>;
  else if (isFull(session)) form = <p className="state">{t('state.full')}</p>;
  else if (refusal && !hasWaitingList(session)) form = <p className="state">{t('state.pickOther')}</p>;
  else
    form = (
      <>
        {forcedSingle && <p className="notice">{t('form.onlyOne')}</p>}
        <RegistrationForm
          key={`${formKey}-${people}`}
          session={session}
          attendees={people}
          loading={reg.isPending}
          error={regError}
          event={event}
          draft={readDraft(eventId)}
          onDraft={(d) => writeDraft(eventId, d)}
          onSubmit={(regs, names) => {
            if (inFlight.current) return;
            inFlight.current = true;
            const token = getToken();
            updateHold(token, { busy: Date.now() });
            reg.mutate({ regs, names, token, session });
          }}
        />
      </>
    );

  return (
    <Shell>
      <EventCard
        event={event}
        session={
          confirmation ? (sessions.find((s) => s.id === confirmation.session.id) ?? confirmation.session) : session
        }
      >
        {confirmation ? null : sessionsQ.isPending ? (
          <p className="notice" role="status">
            {t('page.loadingSessions')}
          </p>
        ) : sessionsQ.data ? (
          // A later reading that fails (the figures polled, a connection lost a moment) keeps the dates it had.
          <SessionSelect sessions={sessions} selectedId={selectedId} now={now} onSelect={(s) => choose(s, true)} />
        ) : (
          <p className="error-box" role="alert">
            {t('page.sessionsError', { reason: message(sessionsQ.error) })}
          </p>
        )}
        {holdLoading && !confirmation && (
          <p className="small" role="status">
            {t('hold.loading')}
          </p>
        )}
        {(holdError || refusal) && !confirmation && (
          <div className="error-box" role="alert">
            <p>{holdError || refusal}</p>
            {retry}
          </div>
        )}
        {hold?.expiresAt && !confirmation && !elsewhere && (
          <Countdown key={hold.expiresAt} expiresAt={hold.expiresAt} onExpire={onExpire} />
        )}
      </EventCard>
      <section className="card card-body" aria-label={t('page.registrationRegion')}>
        {form}
      </section>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return <main className="page">{children}</main>;
}
