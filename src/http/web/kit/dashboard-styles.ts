/** The dashboard's stylesheet, served as a file of its own (assets.ts). No external fonts or images. */
export const DASHBOARD_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:"paytag Devanagari",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Helvetica,Arial,sans-serif;color:#16181d;background:#eef0f3;-webkit-text-size-adjust:100%}
body{margin:0;line-height:1.5;min-height:100vh}
a{color:#1a56db}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.skip{position:absolute;left:-9999px;top:0;background:#fff;padding:8px 12px;z-index:10}
.skip:focus{left:8px;top:8px}
header.top{background:#16181d;color:#fff}
header.top .in{max-width:1080px;margin:0 auto;padding:10px 12px;display:flex;flex-wrap:wrap;align-items:center;gap:8px 14px}
.brand{display:inline-flex;align-items:center;gap:8px;font-weight:700;color:#fff;text-decoration:none}
.brand svg{width:24px;height:24px}
nav.main{order:3;width:100%;overflow-x:auto}
nav.main ul{list-style:none;margin:0;padding:0;display:flex;gap:4px;flex-wrap:wrap}
nav.main a{display:block;color:#d9dce3;text-decoration:none;padding:6px 10px;border-radius:8px;font-size:.95rem}
nav.main a[aria-current=page]{background:#fff;color:#16181d;font-weight:650}
.who{margin-left:auto;display:flex;align-items:center;gap:8px;font-size:.85rem;color:#c4c8d1;flex-wrap:wrap}
.who form{margin:0}
.who button{background:transparent;border:1px solid #5b616e;color:#fff;padding:4px 10px;margin:0;font-size:.85rem}
.langs{display:flex;gap:2px;font-size:.85rem}
.langs a{padding:3px 8px;border-radius:999px;text-decoration:none;color:#d9dce3}
.langs a[aria-current]{background:#3b3f48;color:#fff}
@media(min-width:800px){nav.main{order:0;width:auto}}
main{max-width:1080px;margin:0 auto;padding:16px 12px 40px}
h1{font-size:1.4rem;margin:8px 0 14px;letter-spacing:-.01em;overflow-wrap:anywhere}
h2{font-size:1.1rem;margin:0 0 10px}
.card{background:#fff;border-radius:14px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 4px 14px rgba(16,24,40,.06);padding:16px;margin:0 0 16px;overflow-wrap:anywhere}
.narrow{max-width:460px;margin-left:auto;margin-right:auto}
.grid{display:grid;grid-template-columns:minmax(0,1fr);gap:16px}
@media(min-width:800px){.grid{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}}
.flash{border-radius:10px;padding:10px 14px;margin:0 0 14px;background:#e7f6ec;color:#13602f;font-weight:600}
.problem{border-radius:10px;padding:10px 14px;margin:0 0 14px;background:#fdecec;color:#8a1c1c}
.warn{border-radius:10px;padding:10px 14px;margin:0 0 14px;background:#fff7e6;color:#6b4400}
.warn form{display:inline}
.field{margin:0 0 12px}
.field label{display:block;font-weight:600;margin:0 0 4px}
.hint{display:block;font-size:.85rem;color:#5b616e;margin:0 0 4px}
.err{display:block;font-size:.9rem;color:#a11a1a;font-weight:600;margin:4px 0 0}
input[type=text],input[type=email],input[type=password],input[type=date],input[type=search],select,textarea{width:100%;max-width:100%;padding:9px 11px;font:inherit;border:1px solid #b9bec9;border-radius:8px;background:#fff;color:inherit}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#a11a1a;border-width:2px}
button,.button{display:inline-block;margin:6px 6px 0 0;padding:9px 16px;font:inherit;font-weight:650;color:#fff;background:#1a56db;border:0;border-radius:8px;cursor:pointer;text-decoration:none}
button.secondary,.button.secondary{background:#e6e8ec;color:#16181d}
button.danger{background:#a11a1a}
code.dest{overflow-wrap:anywhere;word-break:break-all}
table{width:100%;border-collapse:collapse;font-size:.93rem;overflow-wrap:normal}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #e6e8ec;vertical-align:top}
th{font-size:.8rem;color:#5b616e;text-transform:uppercase;letter-spacing:.04em}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.tablewrap{overflow-x:auto}
/* A cell value with no place to break (an operator action's JSON detail) wraps rather than widening a table past its card. */
@media(min-width:600px){td{overflow-wrap:anywhere}}
@media(max-width:599px){table.stack thead{position:absolute;left:-9999px}table.stack tr{display:block;border-bottom:1px solid #e6e8ec;padding:6px 0}table.stack td{display:flex;justify-content:space-between;gap:12px;border:0;padding:3px 0;overflow-wrap:anywhere}table.stack td::before{content:attr(data-label);overflow-wrap:normal;color:#5b616e;font-size:.85rem}table.stack td.num{text-align:right;white-space:normal}}
/* A table of three short columns (the home's balances) keeps its columns on a phone: the first cell of a row on a line of its own, the other two side by side below it, numbers free to wrap at a space. */
@media(max-width:599px){.tablewrap table:not(.stack) tr{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);border-bottom:1px solid #e6e8ec}.tablewrap table:not(.stack) :is(th,td){border:0}.tablewrap table:not(.stack) tr>:first-child{grid-column:1/-1;padding-bottom:0}.tablewrap table:not(.stack) .num{white-space:normal}}
dl.facts{margin:0;display:grid;grid-template-columns:minmax(0,1fr);gap:0}
dl.facts div{display:grid;grid-template-columns:minmax(0,1fr);padding:6px 0;border-bottom:1px solid #e6e8ec}
@media(min-width:600px){dl.facts div{grid-template-columns:minmax(0,2fr) minmax(0,5fr);gap:12px}}
dl.facts dt{color:#5b616e;font-size:.9rem}
dl.facts dd{margin:0;overflow-wrap:anywhere}
.qr{display:block;max-width:240px;background:#fff;border:1px solid #e6e8ec;border-radius:10px;padding:6px}
.qr svg{display:block;width:100%;height:auto}
.secret{font-family:ui-monospace,Menlo,Consolas,monospace;background:#16181d;color:#f7a21b;padding:10px;border-radius:8px;overflow-wrap:anywhere}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.88em;overflow-wrap:anywhere}
.pill{display:inline-block;padding:1px 8px;border-radius:999px;font-size:.8rem;font-weight:650;background:#f1f2f4;color:#3b3f48}
.pill.paid,.pill.success{background:#e7f6ec;color:#13602f}
.pill.pending,.pill.queued,.pill.paying,.pill.open{background:#fff7e6;color:#6b4400}
.pill.declined,.pill.failed,.pill.expired{background:#fdecec;color:#8a1c1c}
.in{color:#13602f}
.out{color:#8a1c1c}
.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px 12px;align-items:end}
.filters .field{margin:0}
.pager{display:flex;gap:10px;flex-wrap:wrap;margin-top:10px}
.muted{color:#5b616e}
footer{text-align:center;font-size:.8rem;color:#5b616e;margin:10px 0 24px}
fieldset legend{font-weight:600;margin:0 0 4px}
label.choice{display:flex;gap:8px;align-items:flex-start;margin:4px 0;overflow-wrap:anywhere}
label.choice input{margin-top:4px}
td[data-col=methods]{overflow-wrap:normal}td form button{white-space:nowrap}
textarea.uri{font-family:ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere;word-break:break-all;resize:vertical}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;
