// Moved to libs/testing (@evreg/testing); kept until the last test files importing it here are updated.
export * from '@evreg/testing';
