import { lazy } from "react";
import type { RouteObject } from "react-router";
import { RATE_ROUTES } from "./paths";

const CalculateRatesPage = lazy(() => import("./CalculateRatesPage"));
const RateEnquiryPage = lazy(() => import("./RateEnquiryPage"));

/** The public rate pages (no sign-in): the calculator and the rate enquiry. */
export const RATE_PUBLIC_ROUTES: RouteObject[] = [
  { path: RATE_ROUTES.calculator, element: <CalculateRatesPage /> },
  { path: RATE_ROUTES.enquiry, element: <RateEnquiryPage /> },
];
