import { Box, Card, CardContent, Typography } from '@mui/material';
import { HoldDurationCard, QueueLimitsCard, useSettingsAccess } from '../settings';

/** /admin/events (Events.Read). Its header cards hold the booking settings (spec 2, Events screen); they
 * are shown with Settings.Read and editable with Settings.Update. The events table itself comes with the
 * events and sessions screens. */
export default function EventsPage() {
  const { canRead } = useSettingsAccess();
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      {canRead && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { lg: '1fr 1fr' }, alignItems: 'start' }}>
          <HoldDurationCard />
          <QueueLimitsCard />
        </Box>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            Eventos y sesiones
          </Typography>
          <Typography color="text.secondary">La lista de eventos y sesiones estará disponible próximamente en esta pantalla.</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
