import type { AdminEvent } from '@evreg/contracts';
import { useGetList } from 'react-admin';
import { WHOLE } from '../providers/dataProvider';
import { useActions } from './useActions';

/** The cache entries of the events (with their sessions' live counts) that the people screens pick from;
 * invalidate them after a change of registrations so the counts shown are current. */
export const PICKABLE_EVENTS_KEY = ['events', 'getList'] as const;

/** How a screen whose counts others change (Registro Manual's tiles) keeps them current: TanStack Query reads
 * again when the window gets the focus back and every 15 s while the page is visible. */
export const LIVE_QUERY = { refetchOnWindowFocus: true, refetchInterval: 15_000 } as const;

/** Events with their sessions for the pickers of manual registration, waiting lists and the blacklist
 * dialog: the `events` resource, whole. Reading them needs Events.Read: without it nothing is asked (a refusal
 * would sign the user out). `live`: kept current with LIVE_QUERY. */
export function usePickableEvents({ live = false }: { live?: boolean } = {}) {
  const { can } = useActions('events');
  const canRead = can('list');
  const query = useGetList<AdminEvent>('events', WHOLE, { enabled: canRead, ...(live ? LIVE_QUERY : {}) });
  const events: AdminEvent[] = query.data ?? [];
  return { canRead, events, isPending: canRead && query.isPending, error: query.error };
}
