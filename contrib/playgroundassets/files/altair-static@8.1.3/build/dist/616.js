"use strict";
!function(){try{var e="undefined"!=typeof window?window:"undefined"!=typeof global?global:"undefined"!=typeof self?self:{},n=(new Error).stack;n&&(e._sentryDebugIds=e._sentryDebugIds||{},e._sentryDebugIds[n]="6a05a08c-e5aa-5e36-979c-b862ab607b87")}catch(e){}}();
(self.webpackChunkaltair=self.webpackChunkaltair||[]).push([[616],{22616:(u,e,a)=>{a.r(e),a.d(e,{default:()=>n});var d=a(35121),s=a(68518);class n extends s.J{execute(t){var r=this;return(0,d.A)(function*(){return t.data?.username&&t.data?.password?{headers:{Authorization:`Basic ${(yield a.e(471).then(a.t.bind(a,93471,23))).btoa(`${r.hydrate(t.data.username)}:${r.hydrate(t.data.password)}`)}`}}:{headers:{}}})()}}}}]);
//# sourceMappingURL=616.js.map
//# debugId=6a05a08c-e5aa-5e36-979c-b862ab607b87
