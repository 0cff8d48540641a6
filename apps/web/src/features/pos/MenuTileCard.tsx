import { Box, ButtonBase, Typography } from "@mui/material";
import { money } from "../../lib/format";
import { useStoredImage } from "../users/images";
import { type MenuTile, priceRange } from "./menu";

function priceText(tile: MenuTile): string {
  if (tile.kind === "deal") return money(tile.deal.price);
  const { low, high } = priceRange(tile.product);
  return low === high ? money(low) : `from ${money(low)}`;
}

/**
 * One item of the menu grid: its category's colour, its picture when it has one, name and price.
 * A sold-out item stays visible but cannot be tapped ("86").
 */
export function MenuTileCard({ tile, color, onPick }: { tile: MenuTile; color: string; onPick: () => void }) {
  const name = tile.kind === "deal" ? tile.deal.name : tile.product.name;
  const imagePath = tile.kind === "deal" ? tile.deal.imagePath : tile.product.imagePath;
  const soldOut = tile.kind === "product" && tile.product.soldOut;
  const options = tile.kind === "product" ? tile.product.variants.length : 0;
  const image = useStoredImage(imagePath);
  const accent = color || "#1d5fa8";
  return (
    <ButtonBase
      onClick={onPick}
      disabled={soldOut}
      aria-label={`${name}${soldOut ? ", sold out" : ""}, ${priceText(tile)}`}
      sx={{
        position: "relative",
        display: "flex",
        flexDirection: "column",
        alignItems: "stretch",
        textAlign: "left",
        minHeight: 96,
        borderRadius: 2,
        overflow: "hidden",
        bgcolor: "background.paper",
        border: 1,
        borderColor: "divider",
        borderTop: `5px solid ${accent}`,
        boxShadow: "0 1px 2px rgba(15,42,74,0.06)",
        transition: "transform 80ms, box-shadow 80ms",
        "&:hover": { boxShadow: "0 3px 10px rgba(15,42,74,0.14)" },
        "&:active": { transform: "scale(0.97)" },
        opacity: soldOut ? 0.55 : 1,
      }}
    >
      {image.url ? (
        <Box
          component="img"
          src={image.url}
          alt=""
          sx={{ width: "100%", height: 64, objectFit: "cover", display: "block" }}
        />
      ) : null}
      <Box sx={{ p: 1.25, display: "flex", flexDirection: "column", gap: 0.5, flex: 1 }}>
        <Typography
          sx={{
            fontWeight: 600,
            fontSize: 14,
            lineHeight: 1.25,
            display: "-webkit-box",
            WebkitLineClamp: 2,
            WebkitBoxOrient: "vertical",
            overflow: "hidden",
          }}
        >
          {name}
        </Typography>
        {tile.kind === "deal" || options > 1 ? (
          <Typography sx={{ fontSize: 12, color: "text.secondary" }}>
            {tile.kind === "deal" ? "Deal" : `${options} choices`}
          </Typography>
        ) : null}
        <Typography sx={{ mt: "auto", fontSize: 14, fontWeight: 700, color: "primary.dark" }}>
          {priceText(tile)}
        </Typography>
      </Box>
      {soldOut ? (
        <Box
          sx={{
            position: "absolute",
            top: 8,
            right: 8,
            px: 0.75,
            borderRadius: 1,
            bgcolor: "error.main",
            color: "common.white",
            fontSize: 11,
            fontWeight: 700,
          }}
        >
          Sold out
        </Box>
      ) : null}
    </ButtonBase>
  );
}
