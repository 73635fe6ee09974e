import { useCallback, useState, type ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { Form, FormDataConsumer, HttpError, useUpdate, type RaRecord } from 'react-admin';
import { TimedAlert, type Banner } from './TimedAlert';
import { withReason } from './withReason';

type Values = Record<string, unknown>;
export type FieldErrors<F> = Partial<Record<keyof F, string>>;

/** react-admin's text inputs give an emptied field as null: the screens' rules read text, so back to ''. */
function asTyped<F extends object>(values: Values, shape: F): F {
  const typed = shape as Values;
  return Object.fromEntries(
    Object.keys(typed).map((key) => [key, values[key] == null && typeof typed[key] === 'string' ? '' : values[key]]),
  ) as F;
}

/** A settings form saved as a whole (e-mail, SMS) on react-admin's `Form`: the record `id` of `resource`
 * (a singleton) shown as `values`, the screen's checks (`check`, its tested rules) under each field when saving,
 * then `useUpdate` with the request `toRequest` builds; the server's field errors land under their fields. The
 * outcome is the card's banner (docs/product.md §9: 'Configuración guardada exitosamente' for 3 s; docs/product.md §8: 'Error al guardar
 * la configuración' with the server's reason). The saved answer goes into react-admin's cache and the form starts
 * again from the parent's `values` (built from it): write-only secrets come back empty. */
export function SettingsForm<F extends object>({
  resource,
  id = 'current',
  values,
  check = () => ({}),
  toRequest,
  submitLabel = 'Guardar Configuración',
  children,
}: {
  resource: string;
  id?: string;
  values: F;
  check?: (form: F) => FieldErrors<F>;
  toRequest: (form: F) => object;
  submitLabel?: string;
  children: ReactNode;
}) {
  const [update, { isPending: saving }] = useUpdate<RaRecord>();
  const [banner, setBanner] = useState<Banner | null>(null);
  // A new round after each save: the form starts again from the saved values (a typed secret empties even when
  // nothing else changed).
  const [round, setRound] = useState(0);
  const clearBanner = useCallback(() => setBanner(null), []);

  async function save(raw: Values) {
    setBanner(null);
    try {
      await update(resource, { id, data: toRequest(asTyped(raw, values)) }, { returnPromise: true });
      setRound((n) => n + 1);
      setBanner({ severity: 'success', text: 'Configuración guardada exitosamente', vanishAfterMs: 3000 });
    } catch (error) {
      setBanner({
        severity: 'error',
        text: withReason('Error al guardar la configuración', error instanceof Error ? error.message : undefined),
      });
      const fields =
        error instanceof HttpError ? (error.body?.errors as Record<string, string> | undefined) : undefined;
      if (fields) return Object.fromEntries(Object.entries(fields).filter(([field]) => field in values));
    }
  }

  return (
    <>
      <Form
        key={round}
        record={{ id, ...values }}
        onSubmit={save}
        validate={(raw) => check(asTyped(raw, values))}
        noValidate
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          {children}
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              {submitLabel}
            </Button>
          </Box>
        </Box>
      </Form>
      <TimedAlert banner={banner} onDone={clearBanner} />
    </>
  );
}

/** What depends on a field as it is on screen (a warning that follows a switch). */
export function WhenField({ source, children }: { source: string; children: (value: unknown) => ReactNode }) {
  return <FormDataConsumer>{({ formData }) => children(formData[source])}</FormDataConsumer>;
}
