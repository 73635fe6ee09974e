import { Box, Card, CardContent, Typography } from '@mui/material';

/** A section of the route table whose screen is not built yet (its permission is still checked). */
export function ComingSoonPage({ label }: { label: string }) {
  return (
    <Box sx={{ p: 3 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="h5" gutterBottom>
            {label}
          </Typography>
          <Typography color="text.secondary">Esta sección estará disponible próximamente.</Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
