import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { ImageUploadField } from "./ImageUploadField";

/**
 * An image field bound to react-hook-form by name (a product's or a deal's `imagePath`): the form
 * holds the uploaded image's path, and the schema's or server's message shows under it.
 */
export function ImageInput<T extends FieldValues, TOut>({
  control,
  name,
  label,
  testId,
  onBusyChange,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  testId: string;
  /** Tells the form an upload is running, so it does not save a half-uploaded image. */
  onBusyChange: (busy: boolean) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageUploadField
          label={label}
          value={field.value ?? null}
          onChange={field.onChange}
          showStored
          onBusyChange={onBusyChange}
          error={fieldState.error?.message}
          testId={testId}
        />
      )}
    />
  );
}
