import { ATTENDEE_LIMITS } from '@evreg/contracts';
import { t } from '../i18n';
import { fieldName, type AttendeeValues, type Field, type FieldErrors } from '../logic/form-rules';

/** The server's limits (characters) as maxlength: the confirmation has the e-mail's. */
const MAX: Record<Field, number> = { ...ATTENDEE_LIMITS, confirmEmail: ATTENDEE_LIMITS.email };

const FIELDS: { name: Field; type: string; required: boolean; auto: string }[] = [
  { name: 'firstName', type: 'text', required: true, auto: 'given-name' },
  { name: 'lastName', type: 'text', required: true, auto: 'family-name' },
  { name: 'email', type: 'email', required: true, auto: 'email' },
  { name: 'confirmEmail', type: 'email', required: true, auto: 'off' },
  { name: 'userTaxId', type: 'text', required: true, auto: 'off' },
  { name: 'telephoneNumber', type: 'tel', required: false, auto: 'tel' },
];

interface Props {
  index: number;
  title?: string;
  values: AttendeeValues;
  errors: FieldErrors;
  onChange: (field: Field, value: string) => void;
}

export function AttendeeForm({ index, title, values, errors, onChange }: Props) {
  return (
    <fieldset className="attendee">
      {title && <legend>{title}</legend>}
      {FIELDS.map((f) => {
        const id = `a${index}-${f.name}`;
        const err = errors[f.name];
        return (
          <div className="field" key={f.name}>
            <label htmlFor={id}>
              {f.required ? fieldName(f.name) : t('field.optional', { label: fieldName(f.name) })}
              {f.required && <span aria-hidden="true"> *</span>}
            </label>
            <input
              id={id}
              type={f.type}
              autoComplete={f.auto}
              maxLength={MAX[f.name]}
              value={values[f.name]}
              aria-required={f.required}
              aria-invalid={!!err}
              aria-describedby={err ? `${id}-err` : undefined}
              onChange={(e) => onChange(f.name, e.target.value)}
            />
            {err && (
              <p className="field-error" id={`${id}-err`}>
                {err}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
