import { formatMinor, type PosBootstrap, type PosDeal, type PosProduct, type PosVariant } from "@cargodesk/shared";
import { Box, ButtonBase, Checkbox, FormControlLabel, Radio, Typography } from "@mui/material";
import { useState } from "react";
import { money } from "../../lib/format";
import { dealPriceMinor, defaultPicks, unmetChoice, variantLabel, variantName } from "./menu";
import { TillDialog } from "./TillDialog";

/** Size and flavour of a product with variants: one big button per variant with its price. */
export function VariantDialog({
  product,
  onPick,
  onClose,
}: {
  product: PosProduct;
  onPick: (variant: PosVariant) => void;
  onClose: () => void;
}) {
  return (
    <TillDialog title={`${product.name}: choose size and flavour`} onClose={onClose} closeLabel="Cancel" maxWidth="sm">
      <Box
        role="list"
        aria-label="Variants"
        sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))", gap: 1.25, pt: 0.5 }}
      >
        {product.variants.map((variant) => {
          const label = variantLabel(variant) || product.name;
          return (
            <Box role="listitem" key={variant.id} sx={{ display: "flex" }}>
              <ButtonBase
                onClick={() => onPick(variant)}
                aria-label={`${label}, ${money(variant.price)}`}
                sx={{
                  flex: 1,
                  flexDirection: "column",
                  alignItems: "flex-start",
                  gap: 0.5,
                  p: 1.5,
                  minHeight: 72,
                  borderRadius: 2,
                  border: 1,
                  borderColor: "divider",
                  textAlign: "left",
                  "&:hover": { borderColor: "primary.main", bgcolor: "action.hover" },
                }}
              >
                <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                <Typography sx={{ color: "primary.dark", fontWeight: 700 }}>{money(variant.price)}</Typography>
              </ButtonBase>
            </Box>
          );
        })}
      </Box>
    </TillDialog>
  );
}

/** A deal's choice groups: radio buttons for a pick-one group, check boxes for the others. */
export function DealDialog({
  bootstrap,
  deal,
  onAdd,
  onClose,
}: {
  bootstrap: PosBootstrap;
  deal: PosDeal;
  onAdd: (picks: number[]) => void;
  onClose: () => void;
}) {
  const [picks, setPicks] = useState(() => defaultPicks(deal));
  const unmet = unmetChoice(deal, picks);
  const priceMinor = dealPriceMinor(deal, picks);

  const toggle = (group: PosDeal["components"][number], optionId: number) => {
    const groupIds = group.options.map((option) => option.id);
    setPicks((current) => {
      if (group.maxChoose === 1) return [...current.filter((id) => !groupIds.includes(id)), optionId];
      if (current.includes(optionId)) return current.filter((id) => id !== optionId);
      const chosen = current.filter((id) => groupIds.includes(id)).length;
      return chosen >= group.maxChoose ? current : [...current, optionId];
    });
  };

  return (
    <TillDialog
      title={`${deal.name} · ${formatMinor(priceMinor)}`}
      formLabel={deal.name}
      onClose={onClose}
      maxWidth="sm"
      submit={{ label: "Add deal", disabled: unmet !== null, onSubmit: () => onAdd(picks) }}
      extra={
        unmet ? (
          <Typography variant="body2" sx={{ color: "warning.dark" }}>
            Choose {unmet.label}
          </Typography>
        ) : null
      }
    >
      {deal.components.map((component) => (
        <Box key={component.id} role="group" aria-label={component.label}>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {component.label}
            {component.kind === "choice" ? (
              <Typography component="span" variant="body2" sx={{ color: "text.secondary", ml: 1 }}>
                {component.minChoose === component.maxChoose
                  ? `choose ${component.maxChoose}`
                  : `choose ${component.minChoose} to ${component.maxChoose}`}
              </Typography>
            ) : null}
          </Typography>
          {component.kind === "fixed" ? (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              {component.options.map((option) => variantName(bootstrap, option.variantId)).join(", ")}
            </Typography>
          ) : (
            <Box sx={{ display: "flex", flexDirection: "column" }}>
              {component.options.map((option) => {
                const Control = component.maxChoose === 1 ? Radio : Checkbox;
                const extra = option.extraPrice > 0 ? ` (+${money(option.extraPrice)})` : "";
                return (
                  <FormControlLabel
                    key={option.id}
                    control={
                      <Control checked={picks.includes(option.id)} onChange={() => toggle(component, option.id)} />
                    }
                    label={`${variantName(bootstrap, option.variantId)}${extra}`}
                  />
                );
              })}
            </Box>
          )}
        </Box>
      ))}
    </TillDialog>
  );
}
