import { Box } from '@mui/material';
import { HoldDurationCard, WaitingListLimitsCard, ReminderCard, useSettingsAccess } from '../settings';
import { EventList } from './EventList';

/** /admin/events (Events.Read). On top the header cards with the booking settings (docs/product.md §2: shown with
 * Settings.Read, editable with Settings.Update), then the events table with its sessions. */
export default function EventsPage() {
  const { canRead } = useSettingsAccess();
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      {canRead && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { lg: '1fr 1fr' }, alignItems: 'start' }}>
          {/* The two short cards share the left column; the waiting-list limits, the taller one, the right. */}
          <Box sx={{ display: 'grid', gap: 2 }}>
            <HoldDurationCard />
            <ReminderCard />
          </Box>
          <WaitingListLimitsCard />
        </Box>
      )}
      <EventList />
    </Box>
  );
}
