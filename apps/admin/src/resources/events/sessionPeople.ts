import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { WHOLE } from '../../providers/dataProvider';

/** The people dialog's code, loaded on its first opening (not with the events screen). */
export const loadSessionPeopleDialog = () => import('./SessionPeopleDialog');

/** The session's people as the dialog reads them (useGetManyReference's parameters: its query key too). */
export const peopleParams = (sessionId: number) => ({ ...WHOLE, target: 'eventSessionId', id: sessionId, filter: {} });

/** Starts reading a session's people at the click that opens the dialog, under react-admin's own query key, so the
 * answer travels while the dialog is drawn instead of after it (docs/performance.md, "First visit"). */
export function usePrefetchSessionPeople() {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider();
  return (sessionId: number) => {
    // The dialog's code and its data travel together.
    void loadSessionPeopleDialog();
    const params = peopleParams(sessionId);
    const { target, id, pagination, sort, filter } = params;
    return queryClient.prefetchQuery({
      queryKey: ['registrations', 'getManyReference', { target, id, pagination, sort, filter, meta: undefined }],
      queryFn: ({ signal }) =>
        dataProvider
          .getManyReference('registrations', { ...params, signal })
          .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    });
  };
}
