import type { Session } from '@evreg/contracts';
import { isDisabled, sessionLabel } from '../logic/format';

interface Props {
  sessions: Session[];
  selectedId: number | null;
  onSelect: (session: Session) => void;
}

export function SessionSelect({ sessions, selectedId, onSelect }: Props) {
  if (sessions.length === 0) return <p className="notice">No hay sesiones disponibles para este evento.</p>;
  return (
    <div className="field">
      <label htmlFor="session">Fecha y hora</label>
      <select
        id="session"
        value={selectedId ?? ''}
        onChange={(e) => {
          const s = sessions.find((x) => x.id === Number(e.target.value));
          if (s) onSelect(s);
        }}
      >
        {selectedId === null && <option value="">Selecciona una fecha</option>}
        {sessions.map((s) => (
          <option key={s.id} value={s.id} disabled={isDisabled(s)}>
            {sessionLabel(s)}
          </option>
        ))}
      </select>
    </div>
  );
}
