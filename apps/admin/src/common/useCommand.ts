import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider';

/** Reads resources again (their react-admin queries: lists, records, references), awaited: after a change that
 * touches more than the resource react-admin's hook knows (a promotion changes the waiting list, the
 * registrations and the sessions' counts). */
export function useReload() {
  const queryClient = useQueryClient();
  return async function reload(resources: string[]) {
    await Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
  };
}

/** A change whose answer is not the record react-admin's hooks expect: a command of the data provider
 * (providers/commands.ts: resend an e-mail, the bulk waiting-list limit), or a verb whose answer is something else
 * (a manual registration may answer the server's question, a notification its totals, a log's 'Eliminar Todos' a
 * count). Runs it, then reads again the resources it changed, as useCreate/useUpdate/useDelete do for theirs.
 * Failures are the caller's (a confirmation shows them). */
export function useCommand() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const reload = useReload();
  return async function command<T>(run: (provider: AdminDataProvider) => Promise<T>, changes: string[] = []) {
    const answer = await run(dataProvider);
    await reload(changes);
    return answer;
  };
}
