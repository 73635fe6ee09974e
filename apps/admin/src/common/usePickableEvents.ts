import type { AdminEvent } from '@evreg/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider';
import { useActions } from './useActions';

/** The query key of the events (with their sessions' live counts) that the people screens pick from;
 * invalidate it after a change of registrations so the counts shown are current. */
export const PICKABLE_EVENTS_KEY = ['people', 'events'] as const;

/** Events with their sessions for the pickers of manual registration, waiting lists and the blacklist
 * dialog. Reading them needs Events.Read: without it nothing is asked (a refusal would sign the user out). */
export function usePickableEvents() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { can } = useActions('events');
  const canRead = can('list');
  const query = useQuery({
    queryKey: PICKABLE_EVENTS_KEY,
    queryFn: () => dataProvider.eventsWithSessions(),
    enabled: canRead,
  });
  const events: AdminEvent[] = query.data ?? [];
  return { canRead, events, isPending: canRead && query.isPending, error: query.error };
}
