import { Foundation1763769600000 } from './1763769600000-Foundation';
import { BookingEngine1763856000000 } from './1763856000000-BookingEngine';

/** Every migration in order. Applied at start (never `synchronize`). */
export const MIGRATIONS = [Foundation1763769600000, BookingEngine1763856000000];
