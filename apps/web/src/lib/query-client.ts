import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/** A 4xx will not change on a retry; network trouble and 5xx get one more try. */
const shouldRetry = (failureCount: number, error: Error): boolean => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry },
    mutations: { retry: false },
  },
});
