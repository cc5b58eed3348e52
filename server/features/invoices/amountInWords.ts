const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ('' for 0). */
function belowHundred(n: number): string {
    if (n < 20) return ONES[n];
    return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
}

/** 0–999 in words ('' for 0). */
function belowThousand(n: number): string {
    const hundreds = Math.floor(n / 100);
    return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/**
 * A whole number in words by the Indian system: crore (10^7), lakh (10^5), thousand, hundred; above 99 crore the
 * crores are themselves counted in lakhs and thousands, as Indian accounts write them ("One Hundred Crore").
 */
export function indianWords(n: number): string {
    if (n === 0) return 'Zero';
    const crore = Math.floor(n / 10_000_000);
    const lakh = Math.floor((n % 10_000_000) / 100_000);
    const thousand = Math.floor((n % 100_000) / 1000);
    const rest = n % 1000;
    return [
        crore ? `${indianWords(crore)} Crore` : '',
        lakh ? `${belowHundred(lakh)} Lakh` : '',
        thousand ? `${belowHundred(thousand)} Thousand` : '',
        belowThousand(rest),
    ]
        .filter(Boolean)
        .join(' ');
}

/** An amount in paise as an invoice writes it out: "Rupees One Lakh Twenty Thousand and Fifty Paise Only". */
export function amountInWords(paise: number): string {
    const rupees = Math.floor(paise / 100);
    const cents = paise % 100;
    return `Rupees ${indianWords(rupees)}${cents ? ` and ${belowHundred(cents)} Paise` : ''} Only`;
}
