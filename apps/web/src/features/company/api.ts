import { type CompanyProfileInput, errorBodySchema } from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { z } from "zod";
import { ApiError, api, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { readToken, signOut } from "../../lib/session";

/** The company profile that heads every document (`GET /api/setting/company`). */
export const companySchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  ntn: z.string(),
  hasLogo: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

const savedSchema = z.object({ message: z.string(), data: companySchema });
export type SavedCompany = z.infer<typeof savedSchema>;

/** The server takes PNG or JPEG logos up to 5 MB, judged by their content. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_ACCEPT = "image/png,image/jpeg,.png,.jpg,.jpeg";

export const companyKeys = {
  all: ["company"] as const,
  profile: () => [...companyKeys.all, "profile"] as const,
  logo: () => [...companyKeys.all, "logo"] as const,
};

export function useCompany() {
  return useQuery({
    queryKey: companyKeys.profile(),
    queryFn: ({ signal }) => api.get("/setting/company", companySchema, signal),
  });
}

/** The profile changes every document's heading, and the logo is part of it. */
function useStoreSaved() {
  const client = useQueryClient();
  return (saved: SavedCompany) => {
    client.setQueryData(companyKeys.profile(), saved.data);
    return invalidateAfter(client, "companyChanged");
  };
}

export function useSaveCompany() {
  const store = useStoreSaved();
  return useMutation({
    mutationFn: (input: CompanyProfileInput) =>
      apiRequest("/setting/company", savedSchema, { method: "PUT", body: input }),
    onSuccess: store,
  });
}

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

/** Sends the logo as multipart field `image` with the bearer token, reporting progress (fetch cannot). */
function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<SavedCompany> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/setting/company/logo");
    request.setRequestHeader("Accept", "application/json");
    const token = readToken();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () =>
      reject(new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again."));
    request.onload = () => {
      const payload = parseBody(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        if (request.status === 401) signOut("/cargo-login");
        reject(failure(request.status, payload));
        return;
      }
      const parsed = savedSchema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiError(request.status, "BAD_RESPONSE", "The server sent an answer this page does not understand."),
        );
    };
    const form = new FormData();
    form.append("image", file, file.name);
    request.send(form);
  });
}

/** `upload(file)`; `progress` is the percent sent while it runs, else null. */
export function useUploadLogo() {
  const store = useStoreSaved();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return uploadLogo(file, setProgress);
    },
    onSuccess: store,
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

async function fetchLogo(signal: AbortSignal): Promise<Blob> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch("/api/setting/company/logo", {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    if (response.status === 401) signOut("/cargo-login");
    throw failure(response.status, parseBody(await response.text()));
  }
  return response.blob();
}

/** The stored logo as a blob URL (the image needs the bearer token, so an <img src> cannot fetch it). */
export function useCompanyLogo(hasLogo: boolean) {
  const logo = useQuery({
    queryKey: companyKeys.logo(),
    queryFn: ({ signal }) => fetchLogo(signal),
    enabled: hasLogo,
  });
  const url = useObjectUrl(hasLogo ? logo.data : undefined);
  return { url, isLoading: hasLogo && logo.isPending, error: logo.error };
}

/** An object URL for a blob or file, revoked when it changes or the component goes. */
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
