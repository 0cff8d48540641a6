import { lazy, Suspense, useState } from "react";
import type { ResultDialogProps } from "./result-dialog-state";

const ResultDialog = lazy(() => import("./ResultDialog").then((module) => ({ default: module.ResultDialog })));

/**
 * The result pop-up, loaded the first time it opens: the sign-in pages show it only after a failed
 * try, and they must load little (250 KB of scripts). Once loaded it stays, so it closes as usual.
 */
export function LazyResultDialog(props: ResultDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ResultDialog {...props} />
    </Suspense>
  );
}
