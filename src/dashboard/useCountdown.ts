import { useEffect, useState } from 'react';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface CountdownState {
    days: number;
    hours: number;
    minutes: number;
    seconds: number;
    /** Share of the period already elapsed, 0 to 100. */
    progress: number;
}

/** Time left until `days` days after the first render, ticking every second. */
export const useCountdown = (days: number): CountdownState => {
    const [start] = useState(() => Date.now());
    const [now, setNow] = useState(start);
    useEffect(() => {
        const timer = setInterval(() => setNow(Date.now()), SECOND);
        return () => clearInterval(timer);
    }, []);

    const period = days * DAY;
    const left = Math.max(0, start + period - now);
    return {
        days: Math.floor(left / DAY),
        hours: Math.floor((left % DAY) / HOUR),
        minutes: Math.floor((left % HOUR) / MINUTE),
        seconds: Math.floor((left % MINUTE) / SECOND),
        progress: ((period - left) / period) * 100,
    };
};
