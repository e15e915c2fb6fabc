import { type FieldMetadata, getInputProps } from "@conform-to/react";

type InputType = Parameters<typeof getInputProps>[1]["type"];

/** Conform's input props for our <Field>, with the field's errors and without React's `key`. */
export function fieldProps<Schema>(field: FieldMetadata<Schema>, type: InputType = "text") {
  const { key: _key, ...props } = getInputProps(field, { type, ariaAttributes: false });
  return { ...props, id: field.id, errors: field.errors };
}
