import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider';

/** A command of the API that is not a record's create, update or delete (cancel a registration, promote or
 * reorder a waiting list, resend an e-mail…): runs the data provider's named call, then reloads the resources
 * it changed (their react-admin queries: lists, records, references), as useCreate/useUpdate/useDelete do for
 * theirs. Failures are the caller's (a confirmation shows them). */
export function useCommand() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  return async function command<T>(run: (provider: AdminDataProvider) => Promise<T>, changes: string[] = []) {
    const answer = await run(dataProvider);
    await Promise.all(changes.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
    return answer;
  };
}
