import { TransformationType } from 'class-transformer';
// @ts-expect-error class-transformer ships its decorators' metadata store without a declaration (@nestjs/mapped-types
// reads it from the same module); typed just below.
import { defaultMetadataStorage as untypedStorage } from 'class-transformer/cjs/storage';
import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, ValidationTypes, type ValidatorConstraintInterface } from 'class-validator';

/** A body class's rules as class-validator would run them, read once from its own metadata. */
interface FlatRules {
  properties: Set<string>;
  byProperty: {
    property: string;
    /** IsOptional / ValidateIf: the property is checked only when all of them say so. */
    conditions: ((object: object, value: unknown) => boolean)[];
    checks: { validator: ValidatorConstraintInterface; constraints: unknown[] }[];
  }[];
}

/** A DTO class, as the pipe's metadata gives it. */
export type BodyClass = new () => object;

const defaultMetadataStorage = untypedStorage as MetadataStorage;

const compiled = new WeakMap<BodyClass, FlatRules | null>();

/** The rules of a class whose checks are all plain, synchronous, property-by-property ones (IsString, IsInt,
 * MaxLength, Matches, IsIn, IsOptional…): no nested object, no `each`, no groups, no async validator, no
 * class-transformer decorator. Any other class gets null and always goes the whole way. */
function rulesOf(metatype: BodyClass): FlatRules | null {
  const cached = compiled.get(metatype);
  if (cached !== undefined) return cached;
  const rules = compile(metatype);
  compiled.set(metatype, rules);
  return rules;
}

function compile(metatype: BodyClass): FlatRules | null {
  const storage = getMetadataStorage();
  // The same call class-validator's executor makes for the pipe's options (no groups, `always` off).
  const metadatas = storage.getTargetValidationMetadatas(metatype, '', false, false, undefined);
  if (metadatas.length === 0) return null;
  if (
    defaultMetadataStorage.getStrategy(metatype) !== 'none' ||
    defaultMetadataStorage.getExposedMetadatas(metatype).length > 0 ||
    defaultMetadataStorage.getExcludedMetadatas(metatype).length > 0
  )
    return null;
  const byProperty = new Map<string, FlatRules['byProperty'][number]>();
  for (const metadata of metadatas) {
    const property = metadata.propertyName;
    if (
      metadata.each ||
      metadata.always ||
      metadata.groups?.length ||
      defaultMetadataStorage.findTypeMetadata(metatype, property) ||
      defaultMetadataStorage.findTransformMetadatas(metatype, property, TransformationType.PLAIN_TO_CLASS).length
    )
      return null;
    let entry = byProperty.get(property);
    if (!entry) byProperty.set(property, (entry = { property, conditions: [], checks: [] }));
    if (metadata.type === ValidationTypes.CONDITIONAL_VALIDATION) {
      entry.conditions.push(metadata.constraints[0] as (object: object, value: unknown) => boolean);
    } else if (metadata.type === ValidationTypes.CUSTOM_VALIDATION) {
      for (const constraint of storage.getTargetValidatorConstraints(metadata.constraintCls)) {
        if (constraint.async) return null;
        entry.checks.push({
          validator: constraint.instance as ValidatorConstraintInterface,
          constraints: metadata.constraints,
        });
      }
    } else {
      return null;
    }
  }
  return { properties: new Set(byProperty.keys()), byProperty: [...byProperty.values()] };
}

/** A plain JSON object (what the JSON parser gives for `{…}`). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** The body as the global ValidationPipe would return it (an instance of the class with the body's fields),
 * when it is a flat JSON object of known fields that passes every rule of a class `rulesOf` could read; else
 * undefined, and the pipe does the whole work, so every refusal keeps its own message. Running the same
 * validators, with the same arguments, as class-validator, without its per-request metadata lookups and
 * class-transformer's copy: docs/performance.md, "The framework's cost per request". */
export function acceptFlatBody(metatype: BodyClass, body: unknown): object | undefined {
  if (!isPlainObject(body)) return undefined;
  const rules = rulesOf(metatype);
  if (!rules) return undefined;
  const entity = new metatype() as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    const value = (body as Record<string, unknown>)[key];
    // An unknown field, a nested value or a key class-transformer skips: the pipe says what is wrong, if anything.
    if (!rules.properties.has(key) || (value !== null && typeof value === 'object')) return undefined;
    entity[key] = value;
  }
  // Fields the class sets itself must be known too (whitelist).
  for (const key of Object.keys(entity)) if (!rules.properties.has(key)) return undefined;
  for (const { property, conditions, checks } of rules.byProperty) {
    const value = entity[property];
    if (!conditions.every((condition) => condition(entity, value))) continue;
    for (const { validator, constraints } of checks) {
      const args = { targetName: metatype.name, property, object: entity, value, constraints };
      if (validator.validate(value, args) !== true) return undefined;
    }
  }
  return entity;
}
