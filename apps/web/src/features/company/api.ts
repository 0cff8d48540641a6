import type { CompanyProfileInput } from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiFile, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { useObjectUrl } from "../../lib/object-url";
import { type UploadTracking, uploadForm } from "../../lib/upload";

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

/** Sends the logo as multipart field `image`, with progress and cancel from the screen's tracking. */
export function useUploadLogo() {
  const store = useStoreSaved();
  return useMutation({
    mutationFn: ({ file, tracking }: { file: File; tracking: UploadTracking }) => {
      const form = new FormData();
      form.append("image", file, file.name);
      return uploadForm("/setting/company/logo", form, savedSchema, tracking);
    },
    onSuccess: store,
  });
}

async function fetchLogo(signal: AbortSignal): Promise<Blob> {
  const { blob } = await apiFile("/setting/company/logo", { fallbackName: "logo", signal });
  return blob;
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
