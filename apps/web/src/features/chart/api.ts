import {
  accountRenamedSchema,
  accountTypeSchema,
  type addLevelThreeSchema,
  type addLevelTwoSchema,
  type ChartUploadResult,
  chartNodeAddedSchema,
  chartUploadedSchema,
  type LevelFour,
  type LevelOne,
  type LevelThree,
  type LevelTwo,
  levelFourSchema,
  levelOneSchema,
  levelThreeSchema,
  levelTwoSchema,
  messageAnswerSchema,
  type updateAccountSchema,
} from "@cargodesk/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api, apiFile, apiRequest } from "../../lib/api";
import { saveBlob } from "../../lib/files";
import { invalidateAfter } from "../../lib/invalidation";
import { type UploadTracking, uploadForm } from "../../lib/upload";

/** Chart levels as the API numbers them: 2 and 3 are groups, 4 the postable accounts. */
export type ChartLevel = 2 | 3 | 4;

export type { LevelOne, LevelThree, LevelTwo };
/** A postable account as the chart lists it. */
export type Account = LevelFour;
export type UploadResult = ChartUploadResult;

export const chartKeys = {
  all: ["chart"] as const,
  levelOnes: () => [...chartKeys.all, "levelOne"] as const,
  lists: (level: ChartLevel) => [...chartKeys.all, "level", level] as const,
  levelTwos: (levelOneId: number | "all") => [...chartKeys.lists(2), levelOneId] as const,
  levelThrees: (levelTwoId: number | "all") => [...chartKeys.lists(3), levelTwoId] as const,
  accounts: () => [...chartKeys.lists(4), "all"] as const,
  accountTypes: () => [...chartKeys.all, "accountTypes"] as const,
};

export function useLevelOnes() {
  return useQuery({
    queryKey: chartKeys.levelOnes(),
    queryFn: ({ signal }) => api.get("/levelOne/get_all_levelone", z.array(levelOneSchema), signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Level 2 groups of one class (enabled once a class is chosen), or all of them. */
export function useLevelTwos(levelOneId: number | "all") {
  return useQuery({
    queryKey: chartKeys.levelTwos(levelOneId),
    queryFn: ({ signal }) =>
      api.get(
        levelOneId === "all" ? "/levelTwo/get-all-levelTwo" : `/levelTwo/get_by_levelOne/${levelOneId}`,
        z.array(levelTwoSchema),
        signal,
      ),
    enabled: levelOneId === "all" || levelOneId > 0,
  });
}

/** Level 3 groups of one level 2 group (enabled once it is chosen), or all of them. */
export function useLevelThrees(levelTwoId: number | "all") {
  return useQuery({
    queryKey: chartKeys.levelThrees(levelTwoId),
    queryFn: ({ signal }) =>
      api.get(
        levelTwoId === "all" ? "/levelThree/get_all_levelThree_data" : `/levelThree/get_by_levelTwo/${levelTwoId}`,
        z.array(levelThreeSchema),
        signal,
      ),
    enabled: levelTwoId === "all" || levelTwoId > 0,
  });
}

export function useAccounts() {
  return useQuery({
    queryKey: chartKeys.accounts(),
    queryFn: ({ signal }) => api.get("/levelFour/get_levelFour", z.array(levelFourSchema), signal),
  });
}

/** Amount Type choices: 1 Credit, 2 Debit. */
export function useAccountTypes() {
  return useQuery({
    queryKey: chartKeys.accountTypes(),
    queryFn: ({ signal }) => api.get("/levelFour/credit_debit", z.array(accountTypeSchema), signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Any change to the chart changes every list, balance and the Accounts Integration view (nested under "chart"). */
const invalidateChart = (client: QueryClient) => invalidateAfter(client, "chartChanged");

export function useAddLevelTwo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof addLevelTwoSchema>) =>
      api.post("/levelTwo/add-levelTwo", input, chartNodeAddedSchema),
    onSuccess: () => invalidateChart(client),
  });
}

export function useAddLevelThree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof addLevelThreeSchema>) =>
      api.post("/levelThree/add-levelThree", input, chartNodeAddedSchema),
    onSuccess: () => invalidateChart(client),
  });
}

export interface AddAccountInput {
  levelOneId: number;
  levelTwoId: number;
  levelThreeId: number;
  levelFourName: string;
  debitCreditId: 0 | 1 | 2;
  levelBalance: number;
}

export function useAddAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddAccountInput) => api.post("/levelFour/add_levelFour", input, chartNodeAddedSchema),
    onSuccess: () => invalidateChart(client),
  });
}

const UPLOAD_PATHS: Record<ChartLevel, string> = {
  2: "/levelTwo/upload-lvlTwo",
  3: "/levelThree/upload-lvlThree",
  4: "/levelFour/upload_levelFour",
};

export interface UploadInput {
  /** The parents, in order: levelOneId, then levelTwoId, then levelThreeId as the level needs. */
  parents: Record<string, number>;
  file: File;
  tracking: UploadTracking;
}

export function useUploadLevel(level: ChartLevel) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ parents, file, tracking }: UploadInput) => {
      const form = new FormData();
      for (const [name, id] of Object.entries(parents)) form.append(name, String(id));
      form.append("file", file, file.name);
      return uploadForm(UPLOAD_PATHS[level], form, chartUploadedSchema, tracking);
    },
    onSuccess: () => invalidateChart(client),
  });
}

export function useRenameAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, levelFourName }: { id: number } & z.output<typeof updateAccountSchema>) =>
      apiRequest(`/levelFive/update_level_five/${id}`, accountRenamedSchema, {
        method: "PUT",
        body: { levelFourName },
      }),
    onSuccess: () => invalidateChart(client),
  });
}

const DELETE_PATHS: Record<ChartLevel, string> = {
  2: "/levelTwo/delete",
  3: "/levelThree/delete",
  4: "/levelFive/delete-data",
};

/**
 * Deletes a node. The page animates the row away first, then calls `removeLocally`, which drops
 * the row from the cached lists and refetches the chart.
 */
export function useDeleteNode(level: ChartLevel) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: number) => apiRequest(`${DELETE_PATHS[level]}/${id}`, messageAnswerSchema, { method: "DELETE" }),
  });
  const removeLocally = (id: number) => {
    client.setQueriesData<readonly { _id: number }[]>({ queryKey: chartKeys.lists(level) }, (rows) =>
      rows?.filter((row) => row._id !== id),
    );
    void invalidateChart(client);
  };
  return { mutation, removeLocally };
}

export type ReportFormat = "pdf" | "xlsx";

const REPORT_PATHS: Record<ChartLevel, string> = {
  2: "/levelTwo/report",
  3: "/levelThree/report",
  4: "/levelFour/report",
};

/** Downloads a level report (Level2/3/4 .pdf or .xlsx, named by the server). */
export function useDownloadReport(level: ChartLevel) {
  return useMutation({
    mutationFn: async (format: ReportFormat) => {
      const { blob, fileName } = await apiFile(`${REPORT_PATHS[level]}?format=${format}`, {
        fallbackName: `Level${level}.${format}`,
      });
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}
