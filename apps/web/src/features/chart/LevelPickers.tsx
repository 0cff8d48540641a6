import { Stack } from "@mui/material";
import { useLevelOnes, useLevelThrees, useLevelTwos } from "./api";
import { ChoiceField } from "./ChoiceField";

/** The chosen parents of a new node; 0 while a level is not chosen. */
export interface LevelIds {
  levelOneId: number;
  levelTwoId: number;
  levelThreeId: number;
}
export type LevelField = keyof LevelIds;
/** How many levels a screen picks: 1 for a level 2 group, 2 for a level 3 group, 3 for an account. */
export type LevelDepth = 1 | 2 | 3;

export const NO_LEVELS: LevelIds = { levelOneId: 0, levelTwoId: 0, levelThreeId: 0 };

/** The option lists of the cascade: choosing level 1 loads level 2, choosing level 2 loads level 3. */
export function useLevelChain(ids: LevelIds, depth: LevelDepth) {
  const ones = useLevelOnes();
  const twos = useLevelTwos(depth >= 2 ? ids.levelOneId : 0);
  const threes = useLevelThrees(depth >= 3 ? ids.levelTwoId : 0);
  const twoOptions = ids.levelOneId > 0 ? (twos.data ?? []) : [];
  const threeOptions = ids.levelTwoId > 0 ? (threes.data ?? []) : [];
  return {
    ones,
    twos,
    threes,
    twoOptions,
    threeOptions,
    /** Level 2 options have arrived and there is at least one (spec: enables the next field). */
    twosKnown: twoOptions.length > 0,
    threesKnown: threeOptions.length > 0,
  };
}
export type LevelChain = ReturnType<typeof useLevelChain>;

interface LevelPickersProps {
  depth: LevelDepth;
  ids: LevelIds;
  chain: LevelChain;
  /** The whole new choice: a changed level clears the levels beneath it. */
  onChange: (next: LevelIds) => void;
  errors?: Partial<Record<LevelField, string | undefined>>;
  disabled?: boolean;
}

const fetching = (query: { isFetching: boolean }) => (query.isFetching ? "Loading…" : undefined);

/** Level One, then Level Two, then Level Three selects; each is disabled until it has options. */
export function LevelPickers({ depth, ids, chain, onChange, errors = {}, disabled = false }: LevelPickersProps) {
  const { ones, twos, threes, twoOptions, threeOptions } = chain;
  const oneName = ones.data?.find((one) => one._id === ids.levelOneId)?.name;
  const twoName = twoOptions.find((two) => two._id === ids.levelTwoId)?.levelTwoName;

  const twoHelp =
    fetching(twos) ??
    (ids.levelOneId > 0 && twos.isSuccess && twoOptions.length === 0
      ? `No Level Two groups under ${oneName ?? "this class"} yet`
      : twos.isError
        ? "Could not load the Level Two groups"
        : undefined);
  const threeHelp =
    fetching(threes) ??
    (ids.levelTwoId > 0 && threes.isSuccess && threeOptions.length === 0
      ? `No Level Three groups under ${twoName ?? "this group"} yet`
      : threes.isError
        ? "Could not load the Level Three groups"
        : undefined);

  return (
    <Stack spacing={1}>
      <ChoiceField
        label="Level One"
        required
        value={ids.levelOneId}
        options={(ones.data ?? []).map((one) => ({ value: one._id, label: one.name }))}
        onChange={(levelOneId) => onChange({ levelOneId, levelTwoId: 0, levelThreeId: 0 })}
        disabled={disabled}
        error={errors.levelOneId}
      />
      {depth >= 2 ? (
        <ChoiceField
          label="Level Two"
          required
          value={ids.levelTwoId}
          options={twoOptions.map((two) => ({ value: two._id, label: two.levelTwoName }))}
          onChange={(levelTwoId) => onChange({ ...ids, levelTwoId, levelThreeId: 0 })}
          disabled={disabled || ids.levelOneId === 0 || twoOptions.length === 0}
          error={errors.levelTwoId}
          helperText={twoHelp}
        />
      ) : null}
      {depth >= 3 ? (
        <ChoiceField
          label="Level Three"
          required
          value={ids.levelThreeId}
          options={threeOptions.map((three) => ({ value: three._id, label: three.levelThreeName }))}
          onChange={(levelThreeId) => onChange({ ...ids, levelThreeId })}
          disabled={disabled || ids.levelTwoId === 0 || threeOptions.length === 0}
          error={errors.levelThreeId}
          helperText={threeHelp}
        />
      ) : null}
    </Stack>
  );
}
