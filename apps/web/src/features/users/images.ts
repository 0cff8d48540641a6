import { imageUploadedSchema, USER_MESSAGES } from "@cargodesk/shared";
import { useQuery } from "@tanstack/react-query";
import { apiFile } from "../../lib/api";
import { useObjectUrl } from "../../lib/object-url";
import { type UploadTracking, uploadForm } from "../../lib/upload";
import { userKeys } from "./api";

const IMAGE_NAME = /\.(jpe?g|png)$/i;

/**
 * A chosen file not named .jpg, .jpeg or .png (spec: a single file of those kinds). The uploader
 * checks the size; the server judges the content again.
 */
export const imageKindProblem = (file: File): string | undefined =>
  IMAGE_NAME.test(file.name) ? undefined : USER_MESSAGES.image;

/**
 * Sends one image as multipart field `image` to `POST /api/upload_files`. Always without the
 * token: the image belongs to the user the form is about, and the save (registration or edit)
 * claims it for them. Sent with a staff member's token the server would make the staff member its
 * owner, and then refuse it as "someone else's" when the registration or edit of another user names it.
 */
export async function uploadImage(file: File, tracking: UploadTracking): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  const answer = await uploadForm("/upload_files", form, imageUploadedSchema, { ...tracking, anonymous: true });
  return answer.path;
}

async function fetchImage(path: string, signal: AbortSignal): Promise<Blob> {
  const { blob } = await apiFile(`/get_image_data_by_path/${encodeURIComponent(path)}`, { fallbackName: path, signal });
  return blob;
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
