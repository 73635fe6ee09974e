import { Box, Typography } from '@mui/material';
import { formatDateTime } from '../../common/format';

/** When a person registered and, under it, when they were promoted from the waiting list: a promotion keeps the
 * registration date (docs/domain.md, "Waiting list"). */
export function RegisteredAtCell({ person }: { person: { registeredAt: string; promotedAt?: string | null } }) {
  if (!person.promotedAt) return <>{formatDateTime(person.registeredAt)}</>;
  return (
    <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{formatDateTime(person.registeredAt)}</span>
      <Typography component="span" variant="caption" color="text.secondary">
        Promovida: {formatDateTime(person.promotedAt)}
      </Typography>
    </Box>
  );
}
