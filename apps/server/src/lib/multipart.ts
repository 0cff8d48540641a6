import "@fastify/multipart";
import { INPUT_MESSAGES, MAX_ID } from "@cargodesk/shared";
import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error";

export interface UploadedFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

/** Reads a multipart form: its text fields and the one file under `fileField`. */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!request.isMultipart()) throw new AppError("VALIDATION", "Send the form as multipart/form-data");
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === "file") {
      const buffer = await part.toBuffer();
      if (part.fieldname === fileField) file = { filename: part.filename, mimetype: part.mimetype, buffer };
    } else if (typeof part.value === "string") {
      // PostgreSQL cannot store a NUL in text: refused here as the JSON guard refuses it in bodies.
      if (part.value.includes("\u0000") || part.fieldname.includes("\u0000"))
        throw new AppError("VALIDATION", `${part.fieldname}: ${INPUT_MESSAGES.nul}`, [
          { field: part.fieldname, message: INPUT_MESSAGES.nul },
        ]);
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

/** A positive integer form field, or a 400 naming it. */
export function idField(fields: Record<string, string>, name: string, message: string): number {
  const value = Number(fields[name]);
  if (!Number.isSafeInteger(value) || value <= 0 || value > MAX_ID)
    throw new AppError("VALIDATION", `${name}: ${message}`, [{ field: name, message }]);
  return value;
}

export function requireFile(file: UploadedFile | null, field = "file"): UploadedFile {
  if (!file || file.buffer.length === 0) {
    throw new AppError("VALIDATION", `${field}: Please choose a file`, [{ field, message: "Please choose a file" }]);
  }
  return file;
}
