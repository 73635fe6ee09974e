import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, confirmCancellation, fetchCancellation } from '../api';
import { formatDate, formatTime } from '../logic/format';
import { Ticket } from './ResultView';

const problem = (e: unknown) =>
  (e instanceof ApiError ? e.payload.message : '') || 'Error inesperado. Por favor, inténtalo de nuevo.';

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

  let body;
  if (!token) {
    body = (
      <>
        <h1 tabIndex={-1} ref={heading}>
          Enlace no válido
        </h1>
        <p>Al enlace le falta el código de cancelación. Ábrelo tal como aparece en el correo que recibiste.</p>
      </>
    );
  } else if (preview.isPending) {
    body = <p role="status">Cargando inscripción...</p>;
  } else if (preview.isError) {
    body = (
      <>
        <h1 tabIndex={-1} ref={heading}>
          No se puede cancelar
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
          Inscripción cancelada
        </h1>
        <p>
          {preview.data.queued
            ? `Hemos retirado tu solicitud de la lista de espera de «${preview.data.eventTitle}».`
            : `Tu inscripción en «${preview.data.eventTitle}» ha sido cancelada. Gracias por avisarnos: tu plaza queda libre para otra persona.`}
        </p>
      </div>
    );
  } else {
    const p = preview.data;
    const when = `${formatDate(p.startDate)}${p.isAllDay ? ' (todo el día)' : `, de ${formatTime(p.startTime)} a ${formatTime(p.endTime)}`}`;
    body = (
      <>
        <h1 tabIndex={-1} ref={heading}>
          Cancelar inscripción
        </h1>
        <p>
          Hola, {p.firstName}. Vas a cancelar {p.queued ? 'tu lugar en la lista de espera de' : 'tu inscripción en'}:
        </p>
        <dl className="facts">
          <dt>Evento</dt>
          <dd>{p.eventTitle}</dd>
          <dt>Fecha</dt>
          <dd>{when}</dd>
          {p.queued && p.queuePosition !== null && (
            <>
              <dt>Lista de espera</dt>
              <dd>Posición {p.queuePosition}</dd>
            </>
          )}
        </dl>
        {p.ticketCode && (
          <section className="ticket-box" aria-labelledby="ticket-heading">
            <h2 id="ticket-heading">Tu entrada</h2>
            <p>Muestra este código QR en la entrada del evento (o di el código).</p>
            <Ticket code={p.ticketCode} who={p.firstName} />
          </section>
        )}
        <p>Esta acción no se puede deshacer.</p>
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
          {cancel.isPending ? 'Cancelando...' : 'Confirmar cancelación'}
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
