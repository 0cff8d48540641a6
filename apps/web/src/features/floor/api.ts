import {
  type HallForm,
  hallListSchema,
  hallSavedSchema,
  hallSchema,
  messageAnswerSchema,
  type TableForm,
  type TableLayout,
  tableCheckSchema,
  tableLayoutSavedSchema,
  tableListSchema,
  tableSavedSchema,
  tableSchema,
  tableUploadedSchema,
} from "@cargodesk/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFile, apiRequest } from "../../lib/api";
import { saveBlob } from "../../lib/files";
import { invalidateAfter } from "../../lib/invalidation";
import { type UploadTracking, uploadForm } from "../../lib/upload";

export const floorKeys = {
  all: ["floor"] as const,
  halls: () => [...floorKeys.all, "halls"] as const,
  hall: (id: number) => [...floorKeys.all, "hall", id] as const,
  tables: (hallId: number | null) => [...floorKeys.all, "tables", hallId] as const,
  table: (id: number) => [...floorKeys.all, "table", id] as const,
};

export function useHalls() {
  return useQuery({
    queryKey: floorKeys.halls(),
    queryFn: ({ signal }) => api.get("/inventory/hall", hallListSchema, signal),
  });
}

export function useHall(id: number | null) {
  return useQuery({
    queryKey: floorKeys.hall(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/hall/${id}`, hallSchema, signal),
    enabled: id !== null,
  });
}

/** Every table, or one hall's. */
export function useTables(hallId: number | null) {
  return useQuery({
    queryKey: floorKeys.tables(hallId),
    queryFn: ({ signal }) =>
      api.get(hallId === null ? "/inventory/table" : `/inventory/table?hallId=${hallId}`, tableListSchema, signal),
  });
}

export function useTable(id: number | null) {
  return useQuery({
    queryKey: floorKeys.table(id ?? 0),
    queryFn: ({ signal }) => api.get(`/inventory/table/${id}`, tableSchema, signal),
    enabled: id !== null,
  });
}

/** Adds a hall (id null) or changes one. */
export function useSaveHall(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HallForm) =>
      apiRequest(id === null ? "/inventory/hall" : `/inventory/hall/${id}`, hallSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

/** Adds a table (id null) or changes one. */
export function useSaveTable(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TableForm) =>
      apiRequest(id === null ? "/inventory/table" : `/inventory/table/${id}`, tableSavedSchema, {
        method: id === null ? "POST" : "PUT",
        body: input,
      }),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

export function useDeleteFloorItem(kind: "hall" | "table") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/inventory/${kind}/${id}`, messageAnswerSchema, { method: "DELETE" }),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

export function useSaveLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (layout: TableLayout) =>
      apiRequest("/inventory/table/layout", tableLayoutSavedSchema, { method: "PUT", body: layout }),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

/** The table's QR code PNG (the bearer token is needed, so it is fetched, then shown). */
export const loadTableQr = (id: number) =>
  apiFile(`/inventory/table/${id}/qr.png`, { type: "image/png", fallbackName: `table-${id}-qr.png` });

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const uploadBody = (file: File) => {
  const body = new FormData();
  body.append("file", file);
  return body;
};

/** Check file: every row of the file with its errors; nothing is written. */
export function useCheckTables() {
  return useMutation({
    mutationFn: ({ file, tracking }: { file: File; tracking: UploadTracking }) =>
      uploadForm("/inventory/table/upload?dryRun=1", uploadBody(file), tableCheckSchema, tracking),
  });
}

/** Save: every table of the file or none. */
export function useSaveTables() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, tracking }: { file: File; tracking: UploadTracking }) =>
      uploadForm("/inventory/table/upload", uploadBody(file), tableUploadedSchema, tracking),
    onSuccess: () => invalidateAfter(client, "floorChanged"),
  });
}

/** Downloads the table upload template. */
export function useTableTemplateDownload() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiFile("/inventory/table/template.xlsx", {
        type: XLSX,
        fallbackName: "tables-template.xlsx",
      });
      saveBlob(blob, fileName);
    },
  });
}
