import { useId, type ReactElement, type ReactNode } from 'react';
import { Alert, Button, Card, CardContent, CardHeader } from '@mui/material';
import { HttpError } from 'react-admin';
import { withReason } from '../../common/withReason';

/** A header card of the events screen: a named region (its h2 title) with an icon and an explanation. */
export function SettingsCard({
  icon,
  title,
  subheader,
  children,
}: {
  icon: ReactElement;
  title: string;
  subheader: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardHeader
        avatar={icon}
        title={title}
        subheader={subheader}
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'subtitle1', sx: { fontWeight: 600 } } }}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

/** The row of a card's form: fields and their button side by side, wrapping on narrow screens. */
export const FORM_ROW = { display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' } as const;

/** Whether a card's stored setting failed to load: then it shows no value (a default shown as if stored could be
 * saved over the real one) and cannot be saved until it loads. `notStored`: the answer that means "never saved",
 * where the default applies (404 for a setting by key). */
export function loadFailed(error: unknown, notStored: (error: unknown) => boolean = () => false): boolean {
  return !!error && !notStored(error);
}

export const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/** The load error of a card, with its retry. */
export function LoadFailure({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  const reason = error instanceof Error ? error.message : '';
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
          Reintentar
        </Button>
      }
    >
      {withReason('No se pudo cargar el valor guardado; no se puede guardar hasta cargarlo', reason)}
    </Alert>
  );
}
