/** react-admin shows the asterisk of a required field when its validator carries `isRequired`. */
type Validator = (value: any, values: any) => string | undefined;

export function markedRequired<V extends Validator>(validate: V): V & { isRequired: true } {
  return Object.assign(validate, { isRequired: true as const });
}

/** A field the spec marks required but only the server checks (its answer shows under the field). */
export const checkedByServer = () => markedRequired(() => undefined);
