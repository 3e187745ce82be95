// The monthly goal's progress bar (issue 22) on the home page and the dashboard: this calendar
// month's card revenue against the goal an admin set, with its text. Nothing at all while no goal is
// set, or if the call fails (as the pilots-online line does).
import type { GoalResponse } from '@starport/api-client/contract';
import { formatUsd } from '@starport/ui/format';
import { useEffect, useState } from 'react';
import { useApi } from '../app-providers.tsx';

/** The bar's share, 0 to 100 (a month past its goal shows a full bar). */
export const goalPercent = (raised: number, goal: number): number =>
  goal <= 0 ? 100 : Math.min(100, Math.max(0, Math.floor((raised / goal) * 100)));

export function MonthlyGoal({ className = '' }: { className?: string }) {
  const api = useApi();
  const [goal, setGoal] = useState<GoalResponse | null>(null);
  useEffect(() => {
    let live = true;
    api.shop
      .goal()
      .then((answer) => {
        if (live) setGoal(answer);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api]);
  if (!goal || goal.goalUSD === null) return null;
  const percent = goalPercent(goal.raisedUSD, goal.goalUSD);
  const label = goal.text || 'This month’s goal';
  return (
    <section className={`card monthly-goal ${className}`.trim()} aria-labelledby="monthly-goal-title">
      <div className="monthly-goal-head">
        <h2 id="monthly-goal-title" className="monthly-goal-title">
          {label}
        </h2>
        <p className="monthly-goal-figures">
          <strong>{formatUsd(goal.raisedUSD)}</strong> of {formatUsd(goal.goalUSD)} this month
        </p>
      </div>
      <div
        className="monthly-goal-track"
        role="progressbar"
        aria-labelledby="monthly-goal-title"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% of the goal`}
      >
        <div className="monthly-goal-fill" style={{ width: `${percent}%` }} />
      </div>
    </section>
  );
}
