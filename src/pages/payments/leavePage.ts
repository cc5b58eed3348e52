/** Full-page navigation to a provider's page or back from it; one object so that screen tests can watch it. */
export const browser = {
    go: (url: string) => window.location.assign(url),
};
