import { errorBodySchema, USER_MESSAGES } from "@cargodesk/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { z } from "zod";
import { ApiError } from "../../lib/api";
import { readToken, signOut } from "../../lib/session";
import { userKeys } from "./api";

/** The server takes PNG or JPEG images up to 5 MB, judged by their content. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
const IMAGE_NAME = /\.(jpe?g|png)$/i;

/** What is wrong with a chosen file before it is sent (spec: .jpg, .jpeg or .png, single file). */
export function imageProblem(file: File): string | undefined {
  if (!IMAGE_NAME.test(file.name)) return USER_MESSAGES.image;
  if (file.size > IMAGE_MAX_BYTES) return "The image is too large (at most 5 MB)";
  return undefined;
}

const uploadedSchema = z.object({ path: z.string() });

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function failure(status: number, payload: unknown): ApiError {
  const body = errorBodySchema.safeParse(payload);
  if (body.success) return new ApiError(status, body.data.code, body.data.message, body.data.details);
  if (status === 413) return new ApiError(413, "PAYLOAD_TOO_LARGE", "The image is too large (at most 5 MB).");
  return new ApiError(status, "HTTP_ERROR", `The server answered with status ${status}.`);
}

/**
 * Sends one image as multipart field `image` to `POST /api/upload_files`, reporting the percent
 * sent (fetch cannot). Always without the token: the image belongs to the user the form is about,
 * and the save (registration or edit) claims it for them. Sent with a staff member's token the
 * server would make the staff member its owner, and then refuse it as "someone else's" when the
 * registration or edit of another user names it.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/upload_files");
    request.setRequestHeader("Accept", "application/json");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () =>
      reject(new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again."));
    request.onload = () => {
      const payload = parseBody(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(failure(request.status, payload));
        return;
      }
      const parsed = uploadedSchema.safeParse(payload);
      if (parsed.success) resolve(parsed.data.path);
      else
        reject(
          new ApiError(request.status, "BAD_RESPONSE", "The server sent an answer this page does not understand."),
        );
    };
    const form = new FormData();
    form.append("image", file);
    request.send(form);
  });
}

/** A blob URL for a blob (or a chosen file), revoked when it changes or the component goes away. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

async function fetchImage(path: string, signal: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api/get_image_data_by_path/${encodeURIComponent(path)}`, { headers, signal });
  if (!response.ok) {
    if (response.status === 401) signOut("/cargo-login");
    throw failure(response.status, parseBody(await response.text()));
  }
  return response.blob();
}

/** A stored image (`GET /api/get_image_data_by_path/{path}` needs the bearer token), as a blob URL. */
export function useStoredImage(path: string | null) {
  const query = useQuery({
    queryKey: userKeys.image(path ?? ""),
    queryFn: ({ signal }) => fetchImage(path ?? "", signal),
    enabled: path !== null && path !== "",
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { url: useObjectUrl(query.data), isLoading: query.isLoading, error: query.error };
}
