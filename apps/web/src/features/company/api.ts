import {
  type Company,
  type CompanyProfileInput,
  type CompanySaved,
  companySavedSchema,
  companySchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile, apiRequest } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { useObjectUrl } from "../../lib/object-url";
import { type UploadTracking, uploadForm } from "../../lib/upload";

export type { Company, CompanySaved as SavedCompany };

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
  return (saved: CompanySaved) => {
    client.setQueryData(companyKeys.profile(), saved.data);
    return invalidateAfter(client, "companyChanged");
  };
}

export function useSaveCompany() {
  const store = useStoreSaved();
  return useMutation({
    mutationFn: (input: CompanyProfileInput) =>
      apiRequest("/setting/company", companySavedSchema, { method: "PUT", body: input }),
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
      return uploadForm("/setting/company/logo", form, companySavedSchema, tracking);
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
