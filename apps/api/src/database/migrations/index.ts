import { Foundation1763769600000 } from './1763769600000-Foundation';

/** Every migration in order. Applied at start (never `synchronize`). */
export const MIGRATIONS = [Foundation1763769600000];
