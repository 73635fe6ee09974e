export interface BundleSize {
  files: { path: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}
export function measureBundle(distDir: string): BundleSize;

/** What one visit of the booking app downloads (gzipped bytes): per page, and the larger of the two. */
export function measureVisit(distDir: string): {
  files: { path: string; raw: number; gzip: number }[];
  pages: { booking: number; cancel: number };
  gzip: number;
};
