import LockIcon from '@mui/icons-material/Lock';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router';

/** docs/product.md §2: a direct address without the needed permission. */
export function AccessDeniedPage() {
  return (
    <Box sx={{ p: 3, display: 'grid', placeItems: 'center' }}>
      <Card variant="outlined" sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent sx={{ textAlign: 'center', p: 4 }}>
          <LockIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
          <Typography component="h2" variant="h5" gutterBottom>
            Acceso Denegado
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            No tienes permisos para acceder a esta página.
          </Typography>
          <Button component={Link} to="/dashboard" variant="contained">
            Volver al Dashboard
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
