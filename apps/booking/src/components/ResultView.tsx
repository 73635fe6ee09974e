import type { RegistrationResponse } from '@evreg/contracts';

interface Props {
  response: RegistrationResponse;
  names: string[];
}

export function ResultView({ response, names }: Props) {
  const results = response.results ?? [];
  return (
    <section className="result" aria-live="polite" role="status">
      <h2>¡Proceso Completado!</h2>
      <ul>
        {results.map((r, i) => {
          const who = names[i] || (i === 0 ? 'Primera persona' : 'Acompañante');
          return (
            <li key={i}>
              <strong>{who}</strong>:{' '}
              {r.queued
                ? `añadida a la lista de espera${r.queuePosition ? ` en la posición ${r.queuePosition}` : ''}.`
                : 'plaza confirmada.'}
            </li>
          );
        })}
      </ul>
      {response.message && <p>{response.message}</p>}
    </section>
  );
}
