import type { BulkNotifyAudience, NotificationResult } from '@evreg/contracts';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { useActions } from '../../../common/useActions';
import { useCommand } from '../../../common/useCommand';
import type { AdminDataProvider } from '../../../providers/dataProvider';
import { NotificationSteps } from '../../events/NotificationDialog';
import type { SmsTarget } from '../../events/notificationRules';
import { inscriptions } from './bulkRules';

/** The bulk 'Notificar': the session notification's own steps (form with the SMS count and cost, '¿Enviar ... a N
 * personas ...?' with the estimate, result) for a selection. Who it reaches is asked of the server first (the
 * selection may hold people off the page): the active ones, per session, with the details added to each SMS. */
export function BulkNotifyDialog({
  ids,
  actionKey,
  changes,
  onClose,
}: {
  ids: number[];
  actionKey: string;
  changes: string[];
  /** `sent`: whether a notification went out (the selection is then done with). */
  onClose: (sent: boolean) => void;
}) {
  const sent = useRef(false);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const command = useCommand();
  const settings = useActions('settings');
  const audience = useQuery({
    queryKey: ['bulk-notify-audience', ids],
    queryFn: () => dataProvider.notifyAudience(ids),
    gcTime: 0,
  });
  if (!audience.data)
    return (
      <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm">
        <DialogTitle>Enviar notificación</DialogTitle>
        <DialogContent>
          {audience.error ? (
            <Alert severity="error">{audience.error.message}</Alert>
          ) : (
            <Alert severity="info">Calculando a quién llega la notificación…</Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => onClose(false)}>Cancelar</Button>
        </DialogActions>
      </Dialog>
    );
  const { recipients, sessions, selected } = audience.data;
  const titles = [...new Set(sessions.map((s) => s.eventTitle))];
  return (
    <NotificationSteps
      target={`la selección (${inscriptions(selected)}${selected > recipients ? `, ${recipients} activas` : ''})`}
      recipients={recipients}
      smsRecipients={sessions.reduce((sum, s) => sum + s.withPhone, 0)}
      targets={targetsOf(audience.data)}
      defaultSubject={titles.length === 1 ? `«Información sobre ${titles[0]}»` : '«Información sobre» y su evento'}
      canReadTemplates={settings.can('list')}
      onClose={() => onClose(sent.current)}
      deliver={async (payload) => {
        const result = await command<NotificationResult>(
          (p) => p.notifySelection({ registrationIds: ids, ...payload }, actionKey),
          changes,
        );
        sent.current = true;
        return result;
      }}
    />
  );
}

/** Each session of the selection with the people an SMS reaches there (those with a phone), as the estimate counts. */
function targetsOf(audience: BulkNotifyAudience): SmsTarget[] {
  const targets = audience.sessions.map(({ eventTitle, startDate, startTime, isAllDay, withPhone }) => ({
    details: { eventTitle, startDate, startTime, isAllDay },
    recipients: withPhone,
  }));
  return targets.length
    ? targets
    : [{ details: { eventTitle: '', startDate: '2000-01-01', startTime: '00:00', isAllDay: false }, recipients: 0 }];
}
