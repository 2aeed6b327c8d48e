#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
/* Every 100 ms, on each CPU in turn: a pointer chase over a buffer (default 32 MB, past the LLC share) and a
   compute loop; prints each second's median ns per step for both, per CPU. */
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec/1e9;}
int main(int argc,char**argv){
  int secs=atoi(argv[1]); size_t n=(argc>2?atol(argv[2]):32)*1024*1024/sizeof(size_t);
  size_t*a=malloc(n*sizeof(size_t)); for(size_t i=0;i<n;i++)a[i]=i;
  srand(1); for(size_t i=n-1;i>0;i--){size_t j=((size_t)rand()*RAND_MAX+rand())%i; size_t t=a[i];a[i]=a[j];a[j]=t;}
  double end=now()+secs; volatile size_t sink=0;
  while(now()<end){
    long sec=(long)time(NULL); double m[2][20],c[2][20]; int k=0;
    while((long)time(NULL)==sec && k<20){
      for(int cpu=0;cpu<2;cpu++){
        cpu_set_t s;CPU_ZERO(&s);CPU_SET(cpu,&s);sched_setaffinity(0,sizeof s,&s);
        double t=now(); size_t p=0; for(int i=0;i<50000;i++)p=a[p]; sink+=p; m[cpu][k]=(now()-t)/50000*1e9;
        t=now(); size_t x=0; for(int i=0;i<500000;i++)x=x*31+i; sink+=x; c[cpu][k]=(now()-t)/500000*1e9;
      }
      k++; usleep(100000);
    }
    /* medians */
    for(int cpu=0;cpu<2;cpu++){for(int i=0;i<k;i++)for(int j=i+1;j<k;j++){if(m[cpu][j]<m[cpu][i]){double t=m[cpu][i];m[cpu][i]=m[cpu][j];m[cpu][j]=t;}if(c[cpu][j]<c[cpu][i]){double t=c[cpu][i];c[cpu][i]=c[cpu][j];c[cpu][j]=t;}}}
    printf("%ld chase ns cpu0 %.1f cpu1 %.1f compute ns cpu0 %.3f cpu1 %.3f\n",sec,m[0][k/2],m[1][k/2],c[0][k/2],c[1][k/2]);fflush(stdout);
  }
  return 0;
}
