// class-transformer's metadata (its @Type, @Transform, @Expose and @Exclude), shipped without a declaration of its
// own; @nestjs/mapped-types reads it from the same place.
declare module 'class-transformer/cjs/storage' {
  export const defaultMetadataStorage: import('class-transformer/types/MetadataStorage').MetadataStorage;
}
