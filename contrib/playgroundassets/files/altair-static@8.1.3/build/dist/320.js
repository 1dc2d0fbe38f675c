"use strict";
!function(){try{var e="undefined"!=typeof window?window:"undefined"!=typeof global?global:"undefined"!=typeof self?self:{},n=(new Error).stack;n&&(e._sentryDebugIds=e._sentryDebugIds||{},e._sentryDebugIds[n]="fd99f592-1a81-5443-9427-7983c99bbf93")}catch(e){}}();
(self.webpackChunkaltair=self.webpackChunkaltair||[]).push([[320],{97320:(n,r,e)=>{e.r(r),e.d(r,{default:()=>_});var t=e(35121),d=e(68518);class _ extends d.J{execute(a){var u=this;return(0,t.A)(function*(){return a.data?.headerName&&a.data?.headerValue?{headers:{[a.data.headerName]:u.hydrate(a.data.headerValue)}}:{headers:{}}})()}}}}]);
//# sourceMappingURL=320.js.map
//# debugId=fd99f592-1a81-5443-9427-7983c99bbf93
