import type { OpenAPIObject } from '@nestjs/swagger';

type Schema = {
  $ref?: string;
  default?: unknown;
  description?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const COMPONENT = '#/components/schemas/';

/** Every schema a request body can reach (inline ones and, through `$ref`, components), each once. */
function requestSchemas(document: OpenAPIObject): Schema[] {
  const components = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const seen = new Set<Schema>();
  const visit = (schema: Schema | boolean | undefined) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (schema.$ref?.startsWith(COMPONENT)) visit(components[schema.$ref.slice(COMPONENT.length)]);
    for (const child of Object.values(schema.properties ?? {})) visit(child);
    visit(schema.items);
    visit(schema.additionalProperties);
    for (const child of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) visit(child);
  };
  for (const item of Object.values(document.paths ?? {}))
    for (const method of METHODS) {
      const body = item[method]?.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
      for (const media of Object.values(body?.content ?? {})) visit(media.schema);
    }
  return [...seen];
}

/** The request bodies' optional fields say their default in words, not with `default`: generators with default
 * settings (openapi-typescript's `defaultNonNullable`) read `default` as "always present" and make the field
 * required, so a documented body that omits it stops compiling (docs/integrations.md, "Cliente generado").
 * Applied to both documents; a schema shared with an answer loses the keyword there too (the server fills the
 * field anyway, and the description still says the value). Returns the same document. */
export function describeRequestDefaults(document: OpenAPIObject): OpenAPIObject {
  for (const schema of requestSchemas(document))
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (!('default' in property) || schema.required?.includes(name)) continue;
      const said = `Si se omite: ${JSON.stringify(property.default)}.`;
      property.description = property.description ? `${property.description.replace(/\.$/, '')}. ${said}` : said;
      delete property.default;
    }
  return document;
}
