"use strict";
!function(){try{var e="undefined"!=typeof window?window:"undefined"!=typeof global?global:"undefined"!=typeof self?self:{},n=(new Error).stack;n&&(e._sentryDebugIds=e._sentryDebugIds||{},e._sentryDebugIds[n]="17499727-f633-5876-9055-e57221e2465d")}catch(e){}}();
(self.webpackChunkaltair=self.webpackChunkaltair||[]).push([[493],{73493:(o,r,e)=>{e.r(r),e.d(r,{default:()=>_});var t=e(35121),n=e(68518);class _ extends n.J{execute(a){var u=this;return(0,t.A)(function*(){return a.data?.token?{headers:{Authorization:`Bearer ${u.hydrate(a.data.token)}`}}:{headers:{}}})()}}}}]);
//# sourceMappingURL=493.js.map
//# debugId=17499727-f633-5876-9055-e57221e2465d
