export interface BundleSize {
  files: { path: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}
export function measureBundle(distDir: string): BundleSize;
