import { useId, type ReactElement, type ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@mui/material';

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
