import type { Session } from '@evreg/contracts';
import { t } from '../i18n';
import { isDisabled, sessionState, sessionWhen } from '../logic/format';

interface Props {
  sessions: Session[];
  selectedId: number | null;
  /** The server's clock now: a session that started meanwhile is not offered. */
  now: number;
  onSelect: (session: Session) => void;
}

/** One radio per date with its state beside it: a closed <select> cut long Spanish dates at 360 px. */
export function SessionSelect({ sessions, selectedId, now, onSelect }: Props) {
  if (sessions.length === 0) return <p className="notice">{t('session.none')}</p>;
  return (
    <fieldset className="sessions">
      <legend>{t('session.legend')}</legend>
      {sessions.map((s) => {
        const state = sessionState(s, now);
        const off = isDisabled(s, now);
        return (
          <label key={s.id} className={off ? 'off' : undefined}>
            <input
              type="radio"
              name="session"
              value={s.id}
              checked={s.id === selectedId}
              disabled={off}
              onChange={() => onSelect(s)}
            />
            <span>
              {sessionWhen(s)}
              {state && <span className="state-text"> ({state})</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
